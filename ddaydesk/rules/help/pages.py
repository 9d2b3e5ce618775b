"""The rules browser's pages, built from the texts, the charts and the clauses (no Qt).

:class:`RulesHelp` answers what the browser asks: the systems (the current game's first),
each system's pages in order (its home page, its texts, its charts, its clauses), a page by
key, and where a rule id's entry is. Links in pages are ``rule:<id>`` and
``page:<key>?at=<text the target paragraph starts with>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.help.chartkit import Context, md_table
from ddaydesk.rules.help.charts import CHARTS, Chart, build_chart
from ddaydesk.rules.help.clauses import ClauseSet, load_clauses
from ddaydesk.rules.help.ids import from_href, href, in_span, linkify_markdown, rule_ids
from ddaydesk.rules.help.texts import _IDS, Library, Page
from ddaydesk.rules.systems import Option, System, load_system, system_ids
from ddaydesk.rules.tables import user_data_dir

PAGE = "page:"
_CHART_LINE = re.compile(r"^\s*\{\{chart:([\w-]+)\}\}\s*$")
_WHY = re.compile(r"\*\*Why ours:\*\*\s*((?:.+\n?)+)")  # to the end of its paragraph


@dataclass(frozen=True)
class HelpPage:
    key: str  # "dday77/04-supply", "dday77/chart/crt", "dday77/clauses", "dday77/home"
    system: str
    title: str
    kind: str  # home | text | chart | clauses | results
    markdown: str
    corrected: str = ""  # the player's copy this page is read from, if any


@dataclass(frozen=True)
class Target:
    page: str  # page key
    locator: str  # the rendered paragraph starts with this ("" = the top of the page)


def page_link(key: str, locator: str = "") -> str:
    return PAGE + key + (f"?at={quote(locator)}" if locator else "")


def parse_link(url: str) -> tuple[str, str, str]:
    """``("rule", id, "")``, ``("page", key, locator)`` or ``("other", url, "")``."""
    rule = from_href(url)
    if rule:
        return "rule", rule, ""
    if url.startswith(PAGE):
        parts = urlsplit(url[len(PAGE):])
        return "page", parts.path, parse_qs(parts.query).get("at", [""])[0]
    return "other", url, ""


class RulesHelp:
    """Every system's rules as pages, for one game (``Context``: its system and options)."""

    def __init__(self, ctx: Context | None = None, user_dir: Path | None = None):
        ctx = ctx or Context()
        self.ctx = replace(ctx, user_dir=user_dir or ctx.user_dir)
        self.library = Library.load(self.ctx.user_dir)
        self.clauses: dict[str, ClauseSet] = load_clauses(self.ctx.user_dir)
        self._pages: dict[str, list[HelpPage]] = {}
        self._charts: dict[tuple[str, str], Chart | None] = {}

    # -- systems ------------------------------------------------------------------------------
    @cached_property
    def _systems(self) -> dict[str, System | None]:
        out: dict[str, System | None] = {}
        for s in sorted(set(self.library.pages) | set(self.clauses) | set(system_ids())):
            try:
                out[s] = load_system(s)
            except FormatError:
                out[s] = None
        return out

    def systems(self) -> list[str]:
        """The current game's system first, then the others by title."""
        return sorted(self._systems, key=lambda s: (s != self.ctx.system, self.title(s)))

    def title(self, system: str) -> str:
        sysdef = self._systems.get(system)
        if sysdef is not None:
            return sysdef.title
        cs = self.clauses.get(system)
        return cs.title if cs else system

    def option_of(self, system: str, ids: tuple[str, ...] | list[str]) -> Option | None:
        sysdef = self._systems.get(system)
        for o in (sysdef.options.values() if sysdef else ()):
            if o.rules and any(in_span(i, o.rules[0], o.rules[-1]) for i in ids):
                return o
        return None

    def on(self, o: Option) -> bool:
        """``o`` is in this game: chosen, or brought in by an option chosen (``implied_by``)."""
        opts = self.ctx.options
        return bool(opts.get(o.id, o.default) or any(opts.get(i) for i in o.implied_by))

    def option_state(self, system: str, o: Option) -> str:
        if self.ctx.system == system:
            return "on in this game" if self.on(o) else "off in this game"
        return "optional rule, on unless turned off" if o.default else "optional rule"

    # -- links --------------------------------------------------------------------------------
    def target(self, rule: str, prefer: str | None = None) -> Target | None:
        """Where ``rule`` is explained: its text entry (in ``prefer``'s texts first, by default
        this game's system), else its clause in the clause pages; None if nowhere."""
        e = self.library.entry(rule, prefer or self.ctx.system)
        if e is not None:
            return Target(f"{e.system}/{e.page}", e.head)
        for system, cs in self.clauses.items():
            if cs.by_id(rule):
                return Target(f"{system}/clauses", f"{rule} ")
        return None

    def why(self, rule: str, system: str | None = None) -> str:
        """Why a default is ours: the entry's "**Why ours:**" paragraph, if it has one."""
        e = self.library.entry(rule, system or self.ctx.system)
        m = _WHY.search(e.body) if e else None
        return " ".join(re.sub(r"[*_`]", "", m.group(1)).split()) if m else ""

    def chart(self, system: str, cid: str) -> Chart | None:
        """A chart of a system's tables as the engine reads them (built once per browser)."""
        if (system, cid) not in self._charts:
            why = lambda rule: self.why(rule, system)  # noqa: E731 (the chart's own system explains)
            self._charts[system, cid] = build_chart(system, cid, self.ctx, why) if self._systems.get(system) else None
        return self._charts[system, cid]

    # -- pages --------------------------------------------------------------------------------
    def pages(self, system: str) -> list[HelpPage]:
        if system not in self._pages:
            pages = [self._home(system)]
            pages += [self._text(p) for p in self.library.pages.get(system, [])]
            if self._systems.get(system) and self._systems[system].options:
                pages.append(self._options(system))
            for cid in CHARTS:
                c = self.chart(system, cid)
                if c is not None:
                    pages.append(HelpPage(f"{system}/chart/{cid}", system, c.title, "chart",
                                          f"# {c.title}\n\n" + linkify_markdown(c.markdown)))
            if system in self.clauses:
                pages.append(self._clauses(system))
            self._pages[system] = pages
        return self._pages[system]

    def page(self, key: str) -> HelpPage | None:
        system = key.split("/", 1)[0]
        return next((p for p in self.pages(system) if p.key == key), None) if system in self._systems else None

    def _text(self, page: Page) -> HelpPage:
        out = []
        if page.corrected:
            out.append(f'<span style="background-color:#fde8b0">**Corrected text**</span> read from your '
                       f"copy `{page.path}`.\n")
        for line in page.markdown.split("\n"):
            m = _CHART_LINE.match(line)
            if m:
                out.append(self._embedded_chart(page.system, m.group(1)))
                continue
            out.append(self._heading_state(page.system, line))
        return HelpPage(f"{page.system}/{page.name}", page.system, page.title, "text",
                        linkify_markdown("\n".join(out)), page.path if page.corrected else "")

    def _embedded_chart(self, system: str, cid: str) -> str:
        c = self.chart(system, cid) if cid in CHARTS else None
        if c is None:
            return f"*(no {cid} chart for this game)*"
        return f"\n#### {c.title}\n\n{c.markdown}\n"

    def _heading_state(self, system: str, line: str) -> str:
        """An entry's heading, with its optional rule's state (on or off in this game)."""
        if not line.startswith("#"):
            return line
        head = line.lstrip("#").strip()
        m = _IDS.match(head)
        if not m:
            return line
        o = self.option_of(system, rule_ids(m.group("ids")))
        return f"{line} · *{self.option_state(system, o)}*" if o else line

    def _home(self, system: str) -> HelpPage:
        sysdef = self._systems.get(system)
        out = [f"# {self.title(system)}\n"]
        sc = self.ctx.scenario_of(system)
        if sc is not None:
            out.append(f"**This game:** {sc.title}, turns {sc.first_turn} to {sc.last_turn}.\n")
        if sysdef is None:
            out.append("This system cannot be played yet; its rules are here clause by clause.\n")
        elif sysdef.options:
            rows = []
            for o in sysdef.options.values():
                where = self.target(o.rules[0], system) if o.rules else None
                title = f"[{o.title}]({page_link(where.page, where.locator)})" if where else o.title
                on = self.on(o)
                state = (("**on**" if on else "off") + " in this game" if self.ctx.system == system
                         else f"{'on' if o.default else 'off'} unless chosen otherwise")
                span = f"{o.rules[0]}..{o.rules[-1].rpartition('-')[2]}" if len(o.rules) > 1 else "".join(o.rules)
                rows.append([title, state, span])
            out.append("## Optional rules\n\n" + md_table(["Rule", "State", "Clauses"], rows))
        texts = [p for p in self.pages_list(system, "text")]
        if texts:
            out.append("## Rules\n\n" + "\n".join(f"- [{t.title}]({page_link(t.key)})" for t in texts) + "\n")
        charts = self.pages_list(system, "chart")
        if charts:
            out.append("## Charts\n\n" + "\n".join(f"- [{c.title}]({page_link(c.key)})" for c in charts) + "\n")
        if system in self.clauses:
            n = len(self.clauses[system].clauses)
            out.append(f"## Clauses\n\n- [The {n} clauses of the rules we have, in our words]"
                       f"({page_link(system + '/clauses')})\n")
        user = self.ctx.user_dir or user_data_dir()
        out.append("## Correcting the rules\n\nValues marked † are ddaydesk's defaults, not printed in the rules "
                   "we have; each mark says why. If your rulebook says otherwise, copy the table to "
                   f"`{user / 'rules' / system}` and edit the copy: the game plays by it and the charts show "
                   f"it as corrected. A text can be corrected the same way in `{user / 'rules' / 'text' / system}`.\n")
        return HelpPage(f"{system}/home", system, "About these rules", "home", linkify_markdown("\n".join(out)))

    def _options(self, system: str) -> HelpPage:
        """Every optional rule with its toggle, as set in this game, and what it does."""
        out = ["# Optional rules\n",
               "Each optional rule is a toggle of the New game dialog; a saved game keeps the choice.\n"]
        for o in self._systems[system].options.values():
            out.append(f"## {o.title} · *{self.option_state(system, o)}*\n")
            e = self.library.entry(o.rules[0], system) if o.rules else None
            span = f"{o.rules[0]}..{o.rules[-1].rpartition('-')[2]}" if len(o.rules) > 1 else "".join(o.rules)
            if e is not None:
                first = e.body.strip().split("\n\n")[0]
                out.append(f"{first}\n\n[Read the rule: {e.title}]({page_link(f'{e.system}/{e.page}', e.head)}) · "
                           f"clauses {span}\n")
            elif span:
                out.append(f"Clauses {span}.\n")
        return HelpPage(f"{system}/options", system, "Optional rules", "text", linkify_markdown("\n".join(out)))

    def pages_list(self, system: str, kind: str) -> list[HelpPage]:
        """Pages of one kind, without building the home page (which lists them)."""
        if kind == "text":
            out = [HelpPage(f"{system}/{p.name}", system, p.title, "text", "") for p in self.library.pages.get(system, [])]
            if self._systems.get(system) and self._systems[system].options:
                out.append(HelpPage(f"{system}/options", system, "Optional rules", "text", ""))
            return out
        if kind == "chart" and self._systems.get(system):
            return [HelpPage(f"{system}/chart/{cid}", system, CHARTS[cid][0], "chart", "")
                    for cid in CHARTS if self.chart(system, cid) is not None]
        return []

    def _clauses(self, system: str) -> HelpPage:
        cs = self.clauses[system]
        out = [f"# {cs.title}: clause by clause\n",
               "Every clause of the rules we have for this game, in ddaydesk's own words, with the section "
               "of the source it comes from. The rules pages explain how the game plays them.\n"]
        if cs.corrected:
            out.insert(1, f"**Corrected text** read from your copy `{cs.path}`.\n")
        section = None
        for c in cs.clauses:
            if c.section != section:
                section = c.section
                out.append(f"## {section}\n")
            o = self.option_of(system, [c.id]) if self.ctx.system == system else None
            state = f" · *{self.option_state(system, o)}*" if o else ""
            more = f" [(how the game plays it)]({href(c.id)})" if self.library.entry(c.id, system) else ""
            out.append(f"**{c.id}**{state} — {linkify_markdown(c.text)}{more}\n")
        return HelpPage(f"{system}/clauses", system, "The rules clause by clause", "clauses",
                        "\n".join(out), cs.path if cs.corrected else "")
