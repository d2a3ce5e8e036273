"""The command pipeline: how every change to a game is stored and told (docs/command-pipeline.md).

One path builds and stores a step for every writer (a person's command, the opponent's
worker, a bot, an undo, the table companion), locks a game row one way, and keeps what a
process holds between commands in one kind of cache. The speed machinery lives here too:
the event loop's own connections, the step's statements, the task-sending thread, the
channel layer's watch and the JSON encoder.
"""
