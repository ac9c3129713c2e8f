"""Value types shared by every layer above `wire/`: the A2A 1.0 objects, their codec, errors."""
