"""The pure rules core of Defenders of the Wild (no Django import, no I/O)."""
