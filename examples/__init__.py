"""Example apps: small games kept beside the platform to show how a game is added. None is
in the site's INSTALLED_APPS; each one's tests switch it on with a settings override."""
