"""What every game shares: the model, events, commands, the session, rulesets,
what a seat may see, dice and translations.  Pure Python: never imports pygame."""
