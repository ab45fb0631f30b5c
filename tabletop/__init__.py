"""The table model, commands and rules engines. Pure Python: never imports pygame."""
