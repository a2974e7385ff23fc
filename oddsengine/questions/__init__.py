"""Questions built on the engines: the force needed, plans over several impulses, what
a card is worth."""
