"""The board and whole moves: situations, the move's program and its rules, siege campaigns."""
