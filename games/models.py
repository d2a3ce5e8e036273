"""Persistence for games being played (Game, GameEvent, Seat, Campaign). None yet."""
