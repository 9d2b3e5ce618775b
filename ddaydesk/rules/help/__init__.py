"""The players' rules as pages: texts (``rules/text/<system>/NN-topic.md``), charts drawn from
the tables the engine loads, the paraphrased clauses of the optional rules, and search.

No Qt here: ``ddaydesk/ui/rules_browser.py`` shows what this package builds. How to add a
system's texts: ``ddaydesk/rules/text/README.md``.
"""
