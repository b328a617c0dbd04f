"""Structured sources: articles whose markup links every in-text citation to its entry.

JATS (PMC, Europe PMC, pubget) and Elsevier full-text XML are read into one model,
:class:`~citelens.xml.article.XmlArticle`: the article's text, its reference list, and each marker's
offsets, entries and sentence. One builder (:mod:`citelens.xml.text`) makes the text and places the
markers. Uses: corpus pipelines (which papers does the sentence describing a task cite?) and the gold
standard the PDF heuristics are scored against (:mod:`citelens.xml.gold`).

:func:`read_article` is the entry point: bytes in (the CLI opens files), model out, or
:class:`~citelens.xml.article.XmlInputError`.
"""

from __future__ import annotations

import hashlib

from citelens.xml.article import Context, Format, XmlArticle, XmlCitation, XmlInputError, XmlReference
from citelens.xml.parse import parse_xml
from citelens.xml.text import NotPlaced

__all__ = ["Context", "Format", "NotPlaced", "XmlArticle", "XmlCitation", "XmlInputError", "XmlReference",
           "read_article"]


def read_article(data: bytes, name: str = "input") -> XmlArticle:
    """The citation model of the XML article in ``data`` (``name`` is for messages and ``source.file``)."""
    from dataclasses import replace

    from citelens.xml import elsevier, jats

    root = parse_xml(data, name)
    try:
        if jats.is_jats(root):
            article = jats.read_jats(root)
        elif elsevier.is_elsevier(root):
            article = elsevier.read_elsevier(root)
        else:
            raise XmlInputError(_unknown_root(root.tag))
    except XmlInputError as exc:
        message = str(exc)
        raise XmlInputError(message if message.startswith(f"{name}:") else f"{name}: {message}") from None
    return replace(article, file=name, sha256=hashlib.sha256(data).hexdigest())


def _unknown_root(tag: str) -> str:
    """Why a root element is not one we read.

    >>> _unknown_root("{http://www.w3.org/1999/xhtml}article")
    'wrong namespace: the root element <article> is in http://www.w3.org/1999/xhtml; a JATS <article> has no namespace'
    >>> _unknown_root("art")
    "not a JATS article or an Elsevier full-text response: the root element is <art> (BioMed Central's own article DTD?)"
    """
    ns, _, name = tag[1:].partition("}") if tag.startswith("{") else ("", "", tag)
    if name == "article" and ns:
        return f"wrong namespace: the root element <article> is in {ns}; a JATS <article> has no namespace"
    if name == "full-text-retrieval-response":
        return (f"wrong namespace: <full-text-retrieval-response> is in {ns or 'no namespace'}; Elsevier's is "
                "http://www.elsevier.com/xml/svapi/article/dtd")
    hint = " (BioMed Central's own article DTD?)" if name == "art" else ""
    return f"not a JATS article or an Elsevier full-text response: the root element is <{name}>{hint}"
