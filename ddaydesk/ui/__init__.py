"""The Qt user interface. It reads engine state through models and sends actions; no rules here."""
