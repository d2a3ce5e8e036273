"""Persistence for the Ancients' side (scenarios edited in the admin). None yet."""
