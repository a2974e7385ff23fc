"""Questions built on the engines: the force needed, plans over several impulses."""
