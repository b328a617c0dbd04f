"""Bytes in, a parsed tree out, safely; and which schema reads it.

Input: the bytes of an XML file (the CLI opens files; nothing here touches the disk or the network).
Output: the root :class:`xml.etree.ElementTree.Element`, or :class:`~citelens.xml.article.XmlInputError`
with a message a person can act on.

Safety. ElementTree never fetches a DTD or an external entity (the JATS ``<!DOCTYPE article PUBLIC ...
"JATS-archivearticle1.dtd">`` line is read and ignored), and expat >= 2.4 limits entity amplification;
on top of that a document whose prolog declares entities (``<!ENTITY``, the "billion laughs" shape) is
refused before parsing. Entities a DTD would have defined (``&alpha;``, ``&lsqb;``, ``&nbsp;``) are known
by their HTML5 names, so articles that use them still parse.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.entities import html5
from typing import Any

from citelens.xml.article import XmlInputError

# The prolog before the root element: XML declaration, comments, processing instructions, DOCTYPE.
# Matches: '<?xml version="1.0"?>\n<!DOCTYPE article PUBLIC "-//NLM//DTD JATS ..." "JATS-archivearticle1.dtd">\n'
PROLOG_ENTITY = re.compile(rb"<!ENTITY", re.IGNORECASE)

# Entity names defined by the HTML5 list, without their ";" ("alpha", "lsqb", "nbsp").
_ENTITIES = {name[:-1]: value for name, value in html5.items() if name.endswith(";")}

#: Bytes read before the root element is looked for; a prolog longer than this is refused.
PROLOG_LIMIT = 1 << 16


def _prolog(data: bytes) -> bytes:
    """The bytes before the first start tag that is not ``<?``, ``<!``."""
    k = 0
    while True:
        k = data.find(b"<", k, PROLOG_LIMIT)
        if k < 0 or k + 1 >= len(data):
            return data[:PROLOG_LIMIT]
        if data[k + 1:k + 2] not in (b"?", b"!"):
            return data[:k]
        if data.startswith(b"<!--", k):
            end = data.find(b"-->", k)
            k = end + 3 if end >= 0 else len(data)
        else:
            k += 2


def parse_xml(data: bytes, name: str = "input") -> Any:
    """The root element of ``data``.

    >>> parse_xml(b"<article><body/></article>").tag
    'article'
    >>> parse_xml(b"<article><body><p>cut he", "a.xml")
    Traceback (most recent call last):
    ...
    citelens.xml.article.XmlInputError: a.xml: the XML ends before the document does (truncated file?): line 1, column 24
    """
    if not data.strip():
        raise XmlInputError(f"{name}: the file is empty")
    if PROLOG_ENTITY.search(_prolog(data)):
        raise XmlInputError(f"{name}: the document declares its own entities (<!ENTITY ...>); refused, since "
                            "entity expansion is a known denial-of-service attack")
    parser = ET.XMLParser()
    parser.entity.update(_ENTITIES)
    try:
        parser.feed(data)
        return parser.close()
    except ET.ParseError as exc:
        msg = str(exc)
        line, col = getattr(exc, "position", (0, 0))
        last_line = data.count(b"\n", 0, len(data.rstrip())) + 1
        if msg.startswith("no element found") or (msg.startswith(("unclosed token", "mismatched tag"))
                                                   and line >= last_line):
            raise XmlInputError(f"{name}: the XML ends before the document does (truncated file?): "
                                f"line {line}, column {col}") from None
        raise XmlInputError(f"{name}: not well-formed XML: {msg}") from None
