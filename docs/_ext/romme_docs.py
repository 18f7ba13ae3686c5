"""Sphinx extension for the romme docs: tables generated from the code, docstring fixes.

Directives (usable from MyST and reST; they build docutils nodes directly):

``romme-presets-table``
    Every field of `romme.Rules` (from :func:`attrs.fields`) against ``Rules()``
    and every preset in `romme.PRESETS`, grouped as the fields are grouped in
    ``rules/_value.py``.
``romme-preset-diff NAME``
    One line: the fields in which preset ``NAME`` differs from ``Rules()``.
``romme-preset-aliases``
    The names `romme.find_rules` accepts for each preset, each checked.
``romme-reason-table``
    Every `romme.Reason` member (value and docstring), grouped as in
    ``errors.py``; each row is the cross-reference target ``romme.Reason.NAME``.
``romme-action-table``
    The text form of actions: one row per verb `romme.parse_action` knows,
    with its aliases, the action class and its summary, and the examples
    given as the directive's content (one per line, ``EXAMPLE  # note``).
    Every example must read back unchanged (``str(parse_action(text)) ==
    text``), every alias must read as its verb, and every verb needs an
    example.

Docstring processing (``autodoc-process-docstring``):

- A single-backtick name that is a parameter of the documented function
  (``Return the card with the integer `code```) becomes *emphasis* instead of
  a cross-reference that cannot resolve.
- Attribute, property and data docstrings bypass napoleon: they are prose
  ("The suit's symbol: ``♣``, …"), which napoleon would read as "type: text".
- A constant re-exported by ``romme`` gets the docstring written under its
  definition in the submodule, instead of the docstring of its type.

Nothing here is written to disk; the tables are rebuilt on every build, so
they cannot drift from the code.
"""

from __future__ import annotations

import enum
import inspect
import re
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import ClassVar

import attrs
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_id
from sphinx.util.typing import ExtensionMetadata

import romme
import romme.errors
import romme.game._actions
import romme.rules
import romme.rules._presets

_DEFAULT_COLUMN = "Rules()"

# -- inline text: ``literal``, `object`, :role:`object` ------------------------------

_INLINE = re.compile(r"``(?P<literal>.+?)``|(?::(?P<role>\w+):)?`(?P<target>[^`]+)`")
_PY_ROLES = frozenset({"attr", "class", "data", "exc", "func", "meth", "mod", "obj"})


def _xref(target: str, text: str | None = None, reftype: str = "obj") -> addnodes.pending_xref:
    """Return a Python cross-reference to `target`, resolved like one in romme's docstrings."""
    shown = text if text is not None else target
    node = addnodes.pending_xref(
        "", refdomain="py", reftype=reftype, reftarget=target, refexplicit=False, refwarn=True
    )
    node["py:module"] = "romme"
    node["py:class"] = None
    node += nodes.literal(shown, shown, classes=["xref", "py", f"py-{reftype}"])
    return node


def _inline(text: str) -> list[nodes.Node]:
    """Render a docstring's inline markup: ``literal``, `object` and :role:`object`."""
    result: list[nodes.Node] = []
    position = 0
    for match in _INLINE.finditer(text):
        if match.start() > position:
            result.append(nodes.Text(text[position : match.start()]))
        literal = match.group("literal")
        if literal is not None:
            result.append(nodes.literal(literal, literal))
        else:
            role = match.group("role") or "obj"
            if role not in _PY_ROLES:
                raise ExtensionError(f"romme_docs: unsupported role :{role}: in {text!r}")
            target = match.group("target")
            shown = target.removeprefix("~")
            if target.startswith("~"):
                shown = shown.rsplit(".", 1)[-1]
            result.append(_xref(target.removeprefix("~"), shown, role))
        position = match.end()
    if position < len(text):
        result.append(nodes.Text(text[position:]))
    return result


def _paragraph(*children: nodes.Node | str) -> nodes.paragraph:
    paragraph = nodes.paragraph()
    for child in children:
        paragraph += nodes.Text(child) if isinstance(child, str) else child
    return paragraph


# -- tables -----------------------------------------------------------------------

Cell = Sequence[nodes.Node]


@attrs.frozen
class _Row:
    cells: Sequence[Cell]
    ids: Sequence[str] = ()


@attrs.frozen
class _GroupRow:
    title: Cell


def _table(
    headers: Sequence[str],
    rows: Iterable[_Row | _GroupRow],
    widths: Sequence[int],
    classes: Sequence[str] = (),
) -> nodes.table:
    """Return a docutils table; a `_GroupRow` spans every column."""
    table = nodes.table(classes=["romme-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head_row = nodes.row()
    for header in headers:
        head_row += nodes.entry("", _paragraph(header))
    group += nodes.thead("", head_row)
    body = nodes.tbody()
    for row in rows:
        table_row = nodes.row()
        if isinstance(row, _GroupRow):
            entry = nodes.entry("", morecols=len(headers) - 1, classes=["romme-group"])
            entry += nodes.paragraph("", "", nodes.strong("", "", *row.title))
            table_row += entry
        else:
            if len(row.cells) != len(headers):
                raise ExtensionError("romme_docs: a table row has the wrong number of cells")
            for index, cell in enumerate(row.cells):
                if cell and all(isinstance(node, nodes.Body) for node in cell):
                    entry = nodes.entry("", *cell)  # a cell of paragraphs
                else:
                    entry = nodes.entry("", nodes.paragraph("", "", *cell))
                if index == 0 and row.ids:
                    entry["ids"].extend(row.ids)
                table_row += entry
        body += table_row
    group += body
    return table


# -- source groups ------------------------------------------------------------------

_GROUP_COMMENT = re.compile(r"^\s*#\s*--\s*(?P<title>.+?)\s*-*\s*$")
_MEMBER_LINE = re.compile(r"^\s+(?P<name>[A-Za-z_]\w*)\s*(?::[^=]*)?=")
_SECTION = re.compile(r"§(?P<number>\d+)")


def _source_groups(cls: type) -> dict[str, str]:
    """Map each member defined in `cls`'s body to the ``# -- title --`` comment above it."""
    groups: dict[str, str] = {}
    title = ""
    lines, _ = inspect.getsourcelines(cls)
    for line in lines:
        comment = _GROUP_COMMENT.match(line)
        if comment:
            title = comment.group("title")
            continue
        member = _MEMBER_LINE.match(line)
        if member and line[: len(line) - len(line.lstrip())] == "    ":
            groups.setdefault(member.group("name"), title)
    return groups


def _group_title(title: str) -> list[nodes.Node]:
    """Render ``melds (rules §3)`` as "Melds (§3)", §3 linking to the rules page."""
    text = title[:1].upper() + title[1:]
    text = text.replace("rules §", "§")
    result: list[nodes.Node] = []
    position = 0
    for match in _SECTION.finditer(text):
        result.append(nodes.Text(text[position : match.start()]))
        label = f"rules-s{match.group('number')}"
        ref = addnodes.pending_xref(
            "", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
        )
        ref += nodes.inline(match.group(0), match.group(0))
        result.append(ref)
        position = match.end()
    result.append(nodes.Text(text[position:]))
    return result


def _romme_modules() -> list[ModuleType]:
    """Return romme and its submodules (``romme/__init__.py`` imports them all)."""
    return [
        module
        for name, module in sorted(sys.modules.items())
        if name == "romme" or name.startswith("romme.")
    ]


def _attribute_docs(module: ModuleType) -> dict[tuple[str, str], list[str]]:
    analyzer = ModuleAnalyzer.for_module(module.__name__)
    return dict(analyzer.find_attr_docs())


def _docstring(module: ModuleType, owner: str, name: str) -> str:
    lines = _attribute_docs(module).get((owner, name))
    if not lines:
        raise ExtensionError(f"romme_docs: {module.__name__}.{owner}.{name} has no docstring")
    return " ".join(line.strip() for line in lines if line.strip())


# -- values -------------------------------------------------------------------------


def _value(value: object) -> list[nodes.Node]:
    if isinstance(value, bool):
        return [nodes.Text("yes" if value else "no")]
    if value is None:
        return [nodes.Text("—")]
    if isinstance(value, enum.Enum):
        return [nodes.literal(str(value.value), str(value.value))]
    return [nodes.Text(str(value))]


def _field_names() -> list[str]:
    return [field.name for field in attrs.fields(romme.Rules)]


class _RommeDirective(SphinxDirective):
    """Base: note that the output depends on romme's source files."""

    def note_sources(self) -> None:
        for module in _romme_modules():
            path = inspect.getsourcefile(module)
            if path:
                self.env.note_dependency(path)


class PresetsTable(_RommeDirective):
    """Every `Rules` field against ``Rules()`` and every preset."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        default = romme.Rules()
        presets = dict(romme.PRESETS)
        groups = _source_groups(romme.Rules)
        headers = ["Field", _DEFAULT_COLUMN, *presets]
        rows: list[_Row | _GroupRow] = []
        last_group: str | None = None
        for name in _field_names():
            group = groups.get(name, "")
            if group != last_group:
                rows.append(_GroupRow(_group_title(group or "other fields")))
                last_group = group
            cells: list[Cell] = [
                [_xref(f"Rules.{name}", name, "attr")],
                _value(getattr(default, name)),
            ]
            for rules in presets.values():
                value = _value(getattr(rules, name))
                if getattr(rules, name) != getattr(default, name):
                    value = [nodes.strong("", "", *value)]
                cells.append(value)
            rows.append(_Row(cells))
        widths = [24, 10, *[10] * len(presets)]
        return [_table(headers, rows, widths, classes=["romme-presets"])]


class PresetDiff(_RommeDirective):
    """One paragraph: how the named preset differs from ``Rules()``."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        name = self.arguments[0]
        if name not in romme.PRESETS:
            raise self.error(f"romme-preset-diff: no preset {name!r}; known: {list(romme.PRESETS)}")
        preset, default = romme.PRESETS[name], romme.Rules()
        paragraph = _paragraph("Differs from ", nodes.literal("Rules()", "Rules()"), " in: ")
        differences = [n for n in _field_names() if getattr(preset, n) != getattr(default, n)]
        if not differences:
            paragraph += nodes.Text("nothing.")
        for index, field in enumerate(differences):
            if index:
                paragraph += nodes.Text(", ")
            paragraph += _xref(f"Rules.{field}", field, "attr")
            paragraph += nodes.Text(" = ")
            for node in _value(getattr(preset, field)):
                paragraph += node
        if differences:
            paragraph += nodes.Text(".")
        return [paragraph]


def _aliases() -> dict[str, list[str]]:
    """Return the aliases `find_rules` knows, by preset, each checked against `find_rules`."""
    found: dict[str, list[str]] = {name: [] for name in romme.PRESETS}
    for alias, preset in romme.rules._presets._ALIASES.items():
        if romme.find_rules(alias) is not romme.PRESETS[preset]:
            raise ExtensionError(f"romme_docs: find_rules({alias!r}) is not preset {preset!r}")
        if alias != preset:
            found[preset].append(alias)
    return found


class PresetAliases(_RommeDirective):
    """The names `find_rules` accepts for each preset."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        rows: list[_Row | _GroupRow] = []
        for preset, aliases in _aliases().items():
            alias_nodes: list[nodes.Node] = []
            for index, alias in enumerate(aliases):
                if index:
                    alias_nodes.append(nodes.Text(", "))
                alias_nodes.append(nodes.literal(alias, alias))
            rows.append(_Row([[nodes.literal(preset, preset)], alias_nodes or [nodes.Text("—")]]))
        return [_table(["Preset", "Also found as"], rows, [20, 80])]


class ReasonTable(_RommeDirective):
    """Every `Reason` member with its value and docstring; rows are xref targets."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        domain = self.env.domains.python_domain
        groups = _source_groups(romme.Reason)
        rows: list[_Row | _GroupRow] = []
        last_group: str | None = None
        for member in romme.Reason:
            group = groups.get(member.name, "")
            if group != last_group:
                rows.append(_GroupRow(_group_title(group or "other reasons")))
                last_group = group
            fullname = f"romme.Reason.{member.name}"
            node_id = make_id(self.env, self.state.document, "", fullname)
            domain.note_object(
                fullname, "attribute", node_id, location=(self.env.docname, self.lineno)
            )
            doc = _docstring(romme.errors, "Reason", member.name)
            rows.append(
                _Row(
                    [
                        [nodes.literal(member.value, member.value)],
                        [nodes.literal(member.name, member.name)],
                        _inline(doc),
                    ],
                    ids=[node_id],
                )
            )
        headers = ["Value", "Member", "Meaning"]
        return [_table(headers, rows, [22, 28, 50], classes=["romme-reasons"])]


class ActionTable(_RommeDirective):
    """The verbs of the action text form, their aliases, classes and checked examples."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        self.note_sources()
        verbs = _verbs()
        examples: dict[str, list[tuple[str, str]]] = {verb: [] for verb in verbs}
        classes: dict[str, type] = {}
        for line in self.content:
            text, _, note = (part.strip() for part in line.partition("  # "))
            if not text:
                continue
            try:
                action = romme.parse_action(text)
            except romme.InvalidNotationError as error:
                raise self.error(f"romme-action-table: {text!r} does not parse: {error}") from None
            if str(action) != text:
                raise self.error(
                    f"romme-action-table: {text!r} reads back as {str(action)!r}; "
                    "give the canonical form"
                )
            verb = text.split()[0]
            if classes.setdefault(verb, type(action)) is not type(action):
                raise self.error(f"romme-action-table: the verb {verb!r} makes two classes")
            examples[verb].append((text, note))
        for verb, aliases in verbs.items():
            if not examples[verb]:
                raise self.error(f"romme-action-table: no example for the verb {verb!r}")
            first = examples[verb][0][0]
            for alias in aliases:
                spelled = alias + first[len(verb) :]
                if str(romme.parse_action(spelled)) != first:
                    raise self.error(f"romme-action-table: {spelled!r} does not read as {first!r}")
        rows: list[_Row | _GroupRow] = []
        for verb, aliases in verbs.items():
            alias_nodes: list[nodes.Node] = []
            for index, alias in enumerate(aliases):
                if index:
                    alias_nodes.append(nodes.Text(", "))
                alias_nodes.append(nodes.literal(alias, alias))
            cls = classes[verb]
            summary = inspect.getdoc(cls) or ""
            action_nodes: list[nodes.Node] = [
                _xref(cls.__name__, reftype="class"),
                nodes.Text(": "),
                *_inline(summary.split("\n\n", 1)[0].replace("\n", " ")),
            ]
            example_nodes: list[nodes.Node] = []
            for text, note in examples[verb]:
                paragraph = _paragraph(nodes.literal(text, text))
                if note:
                    paragraph.extend([nodes.Text(" — "), *_inline(note)])
                example_nodes.append(paragraph)
            rows.append(
                _Row(
                    [
                        [nodes.literal(verb, verb)],
                        alias_nodes or [nodes.Text("—")],
                        action_nodes,
                        example_nodes,
                    ]
                )
            )
        headers = ["Verb", "Also read", "Action", "Examples"]
        return [_table(headers, rows, [10, 14, 36, 40], classes=["romme-actions"])]


def _verbs() -> dict[str, list[str]]:
    """Return each verb `parse_action` knows with its aliases, in the order of ``_VERBS``."""
    verbs: dict[str, list[str]] = {}
    for word, verb in romme.game._actions._VERBS.items():
        aliases = verbs.setdefault(verb, [])
        if word != verb:
            aliases.append(word)
    return verbs


# -- docstrings -------------------------------------------------------------------

_ATTRIBUTE_KINDS = frozenset({"attribute", "property", "data"})
_CALLABLE_KINDS = frozenset({"function", "method", "classmethod", "staticmethod"})
_SINGLE_BACKTICKS = re.compile(r"(?<![`:\w])`(?P<name>[A-Za-z_]\w*)`(?![`_])")


class _DocstringFixes:
    """The ``autodoc-process-docstring`` handlers, run before and after napoleon."""

    # Attribute-like docstrings as they were before napoleon saw them.
    saved: ClassVar[dict[tuple[str, str], list[str]]] = {}

    @classmethod
    def before_napoleon(
        cls, app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
    ) -> None:
        del app, options
        if what == "data" and name.startswith("romme."):
            documented = _constant_docstring(name.rpartition(".")[2], obj)
            if documented is not None:
                lines[:] = [*documented, ""]
        if what in _ATTRIBUTE_KINDS:
            cls.saved[what, name] = list(lines)
        elif what in _CALLABLE_KINDS:
            parameters = _parameter_names(obj)
            if parameters:
                lines[:] = [_emphasise_parameters(line, parameters) for line in lines]

    @classmethod
    def after_napoleon(
        cls, app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
    ) -> None:
        del app, obj, options
        saved = cls.saved.pop((what, name), None)
        if saved is not None:
            lines[:] = saved


def _constant_docstring(name: str, obj: object) -> list[str] | None:
    """Return the docstring written under the definition of a constant romme re-exports."""
    for module in _romme_modules():
        if module is not romme and getattr(module, name, None) is obj:
            lines = _attribute_docs(module).get(("", name))
            if lines:
                return list(lines)
    return None


def _parameter_names(obj: object) -> frozenset[str]:
    if not callable(obj):
        return frozenset()
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return frozenset()
    return frozenset(signature.parameters)


def _emphasise_parameters(line: str, parameters: frozenset[str]) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group("name")
        return f"*{name}*" if name in parameters else match.group(0)

    return _SINGLE_BACKTICKS.sub(replace, line)


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directives and the docstring handlers."""
    app.setup_extension("sphinx.ext.autodoc")
    app.add_directive("romme-presets-table", PresetsTable)
    app.add_directive("romme-preset-diff", PresetDiff)
    app.add_directive("romme-preset-aliases", PresetAliases)
    app.add_directive("romme-reason-table", ReasonTable)
    app.add_directive("romme-action-table", ActionTable)
    # napoleon listens with the default priority, 500.
    app.connect("autodoc-process-docstring", _DocstringFixes.before_napoleon, priority=400)
    app.connect("autodoc-process-docstring", _DocstringFixes.after_napoleon, priority=600)
    return {"version": romme.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
