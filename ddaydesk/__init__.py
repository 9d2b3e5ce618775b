"""ddaydesk: hot-seat D-Day board wargames with the rules enforced."""

__version__ = "0.1.0"
