"""One module per screen; each loads its layout from kv/<screen>.kv."""
