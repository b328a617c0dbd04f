"""Structured sources: articles whose markup links every in-text citation to its entry.

Four formats are read into one model, :class:`~citelens.xml.article.XmlArticle`: the article's text,
its reference list, and each marker's offsets, entries and sentence.

- JATS (PMC, Europe PMC, pubget; and the NLM DTDs before it): :mod:`citelens.xml.jats`.
- Elsevier full-text XML (the Article Retrieval API's ``full-text-retrieval-response``):
  :mod:`citelens.xml.elsevier`.
- BioMed Central's own article DTD (``<art>``, BMC's XML before JATS): :mod:`citelens.xml.bmc`.
- A publisher's HTML page (markers linking to its reference list): :mod:`citelens.xml.html`, which the
  CLI picks by the file's suffix (``.html``, ``.htm``) rather than here by the root element.

One builder (:mod:`citelens.xml.text`) makes the text and places the markers. Uses: corpus pipelines
(which papers does the sentence describing a task cite?) and the gold standard the PDF heuristics are
scored against (:mod:`citelens.xml.gold`).

:func:`read_article` is the entry point for XML: bytes in (the CLI opens files), model out, or
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

    from citelens.xml import bmc, elsevier, jats

    root = parse_xml(data, name)
    try:
        if jats.is_jats(root):
            article = jats.read_jats(root)
        elif elsevier.is_elsevier(root):
            article = elsevier.read_elsevier(root)
        elif bmc.is_bmc(root):
            article = bmc.read_bmc(root)
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
    >>> _unknown_root("html")
    'not a JATS article, an Elsevier full-text response or a BioMed Central article: the root element is <html> (an HTML page? name it .html)'
    """
    ns, _, name = tag[1:].partition("}") if tag.startswith("{") else ("", "", tag)
    if name == "article" and ns:
        return f"wrong namespace: the root element <article> is in {ns}; a JATS <article> has no namespace"
    if name == "full-text-retrieval-response":
        return (f"wrong namespace: <full-text-retrieval-response> is in {ns or 'no namespace'}; Elsevier's is "
                "http://www.elsevier.com/xml/svapi/article/dtd")
    hint = " (an HTML page? name it .html)" if name.lower() == "html" else ""
    return (f"not a JATS article, an Elsevier full-text response or a BioMed Central article: the root element "
            f"is <{name}>{hint}")
