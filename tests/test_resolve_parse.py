"""Request URLs and response parsers of the resolver, on the real recorded API responses
(``../shared/api-fixtures``): one table per API, recording → the Record fields it must give."""

from __future__ import annotations

import pytest

from citelens.resolve import crossref, datacite, openalex, semanticscholar
from citelens.resolve.match import judge
from citelens.resolve.record import Author, Record, Result, Source, Via
from resolve_fixtures import recorded

# ------------------------------------------------------------------------------------------ Crossref


@pytest.mark.parametrize(("file", "expected"), [
    ("crossref/work_10.1038_s42256-024-00832-8.json",
     {"title": "Augmenting large language models with chemistry tools", "year": 2024,
      "venue": "Nature Machine Intelligence", "doi": "10.1038/s42256-024-00832-8", "type": "article-journal",
      "pdf_url": "https://www.nature.com/articles/s42256-024-00832-8.pdf", "arxiv": None}),
    ("crossref/work_10.1145_3448016.3452841.json",
     {"title": "Vector Quotient Filters: Overcoming the Time/Space Trade-Off in Filter Design",
      "doi": "10.1145/3448016.3452841", "type": "paper-conference"}),
    ("crossref/work_10.1017_9781108348843.json",
     {"title": "The Politics of the Past in Early China", "type": "book", "pdf_url": None}),
    ("crossref/work_10.1101_2024.04.01.587366.json", {"type": "article", "doi": "10.1101/2024.04.01.587366"}),
    # JATS markup and runs of spaces in the title come out as plain text.
    ("crossref/work_10.1136_jclinpath-2020-206745.json",
     {"title": "Construction of a reference material panel for detecting KRAS / NRAS / EGFR / BRAF / MET "
               "mutations in plasma ctDNA"}),
])
def test_crossref_work(file: str, expected: dict) -> None:
    record = crossref.parse_work(recorded(file).body)
    assert record is not None and record.source is Source.CROSSREF
    got = record.to_json()
    assert {k: got[k] for k in expected} == expected
    assert got["source_url"] == f"https://api.crossref.org/works/{got['doi']}"
    assert record.authors and all(a.family or a.literal for a in record.authors)


def test_crossref_authors_and_counts() -> None:
    record = crossref.parse_work(recorded("crossref/work_10.1038_s42256-024-00832-8.json").body)
    assert record.authors[:2] == (Author(family="M. Bran", given="Andres"), Author(family="Cox", given="Sam"))
    assert isinstance(record.cited_by, int) and record.cited_by > 0


@pytest.mark.parametrize("file", ["crossref/error_404_works_notarealdoi.txt", "crossref/error_400_query_with_doi.json",
                                  "crossref/query_ecology_rows2.json"])
def test_crossref_work_parser_refuses_what_is_no_work(file: str) -> None:
    assert crossref.parse_work(recorded(file).body) is None


def test_crossref_search_items_keep_their_type() -> None:
    hits = crossref.parse_search(recorded("crossref/query_title_attention_is_all_you_need_authors_rows1.json").body)
    assert [(r.title, r.doi, r.year, kind) for r, kind in hits] == [
        ("Self-Attention with Relative Position Representations", "10.18653/v1/n18-2074", 2018,
         "proceedings-article")]
    assert crossref.parse_search(recorded("crossref/query_title_nonsense_no_results.json").body) == []


def test_crossref_urls() -> None:
    assert crossref.work_url("10.48550/arXiv.2312.07559") == "https://api.crossref.org/works/10.48550/arXiv.2312.07559"
    url = crossref.search_url("A.  Vaswani.\nAttention is all you need. 2017", rows=3, mailto="me@example.org")
    assert url == ("https://api.crossref.org/works?query.bibliographic=A.+Vaswani.+Attention+is+all+you+need.+2017"
                   "&rows=3&mailto=me%40example.org")


def test_crossref_reference_list_becomes_entries() -> None:
    entries = crossref.references_from_work(recorded("crossref/work_10.7554_elife.01567.json").body)
    assert len(entries) > 20
    assert [e["index"] for e in entries] == list(range(1, len(entries) + 1))
    with_doi = [e for e in entries if e["doi"]]
    assert len(with_doi) > len(entries) // 2
    assert all(e["doi"] == e["doi"].lower() and e["raw"] for e in entries)
    assert all(e["page"] is None and e["source"] == "crossref" for e in entries)
    assert any(isinstance(e["year"], int) for e in entries)


# ------------------------------------------------------------------------------------------ DataCite


def test_datacite_arxiv_record() -> None:
    record = datacite.parse(recorded("datacite/doi_10.48550_arxiv.2311.16162.json").body)
    assert record.to_json() | {"authors": None} == {
        "title": "Leveraging Artificial Intelligence Technology for Mapping Research to Sustainable Development "
                 "Goals: A Case Study",
        "authors": None, "year": 2023, "venue": "arXiv", "doi": "10.48550/arxiv.2311.16162", "arxiv": "2311.16162",
        "url": "https://arxiv.org/abs/2311.16162", "pdf_url": "https://arxiv.org/pdf/2311.16162", "cited_by": None,
        "type": "article", "source": "datacite",
        "source_url": "https://commons.datacite.org/doi.org/10.48550/arxiv.2311.16162",
        "keys": ["doi:10.48550/arxiv.2311.16162", "arxiv:2311.16162",
                 "title:leveraging artificial intelligence technology for mapping research to sustainable "
                 "development goals a case study|2023"]}
    assert record.authors[0] == Author(family="Yin", given="Hui")


def test_datacite_zenodo_record_has_no_arxiv_and_no_pdf() -> None:
    record = datacite.parse(recorded("datacite/doi_10.5281_zenodo.48440.json").body)
    assert (record.doi, record.arxiv, record.pdf_url, record.venue, record.year) == (
        "10.5281/zenodo.48440", None, None, "Zenodo", 2016)


# ---------------------------------------------------------------------------------- Semantic Scholar


@pytest.mark.parametrize(("file", "expected"), [
    # Aug 2025: no DOI, openAccessPdf {"url": ""} -> pdf_url null.
    ("semanticscholar/match_attention_is_all_you_need_2025-08.json",
     {"title": "Attention is All you Need", "year": 2017, "doi": None, "arxiv": "1706.03762", "pdf_url": None,
      "venue": "Neural Information Processing Systems", "type": "paper-conference", "cited_by": 136941}),
    # Oct 2024: openAccessPdf null.
    ("semanticscholar/match_attention_is_all_you_need_2024-10.json", {"pdf_url": None, "arxiv": "1706.03762"}),
    ("semanticscholar/match_augmenting_llm_chemistry_tools.json",
     {"doi": "10.1038/s42256-024-00832-8", "arxiv": "2304.05376", "year": 2023, "type": "article-journal",
      "pdf_url": "https://www.nature.com/articles/s42256-024-00832-8.pdf"}),
    # The arXiv DataCite DOI keeps its case in S2; ours is lower case.
    ("semanticscholar/match_paperqa.json", {"doi": "10.48550/arxiv.2312.07559", "arxiv": "2312.07559"}),
])
def test_s2_match(file: str, expected: dict) -> None:
    got = semanticscholar.parse_match(recorded(file).body).to_json()
    assert {k: got[k] for k in expected} == expected
    assert got["source"] == "semanticscholar" and got["source_url"].startswith("https://www.semanticscholar.org/")


def test_s2_authors_split_into_given_and_family() -> None:
    record = semanticscholar.parse_match(recorded("semanticscholar/match_attention_is_all_you_need_2025-08.json").body)
    assert record.authors[0] == Author(family="Vaswani", given="Ashish")
    assert record.authors[5] == Author(family="Gomez", given="Aidan N.")


@pytest.mark.parametrize("file", ["semanticscholar/match_error_404_title_match_not_found.json",
                                  "semanticscholar/error_429_too_many_requests.json"])
def test_s2_errors_are_no_record(file: str) -> None:
    assert semanticscholar.parse_match(recorded(file).body) is None


def test_s2_paper_lookup() -> None:
    record = semanticscholar.parse_paper(recorded("semanticscholar/paper_DOI_10.48550_arxiv.2312.07559.json").body)
    assert record.title.startswith("PaperQA") and record.arxiv == "2312.07559"


# ------------------------------------------------------------------------------------------ OpenAlex


def test_openalex_search_results() -> None:
    records = openalex.parse_search(recorded("openalex/titlesearch_paperqa.json").body)
    assert [(r.title, r.doi, r.arxiv, r.type, r.year) for r in records] == [
        ("PaperQA: Retrieval-Augmented Generative Agent for Scientific Research", "10.48550/arxiv.2312.07559",
         "2312.07559", "article", 2023)]
    assert records[0].source_url.startswith("https://openalex.org/W")


def test_openalex_work_without_doi() -> None:
    record = openalex.work(__import__("json").loads(recorded("openalex/work_W2962935454_no_doi_conference.json").body))
    assert (record.doi, record.venue, record.pdf_url, record.year) == (
        None, "Neural Information Processing Systems", None, 2018)
    assert record.url.startswith("https://papers.nips.cc/")


def test_openalex_url_puts_the_key_in_the_query() -> None:
    assert openalex.search_url("PaperQA", "K", mailto="me@example.org") == (
        "https://api.openalex.org/works?search=PaperQA&per-page=3&api_key=K&mailto=me%40example.org")


# ------------------------------------------------------------------------------------ JSON round trip


@pytest.mark.parametrize("file", ["semanticscholar/match_attention_is_all_you_need_2025-08.json",
                                  "datacite/doi_10.48550_arxiv.2311.16162.json"])
def test_result_json_round_trips(file: str) -> None:
    parse = semanticscholar.parse_match if file.startswith("semantic") else datacite.parse
    record = parse(recorded(file).body)
    result = Result.resolved(record, Via.S2_MATCH)
    assert Result.from_json(result.to_json()) == result
    assert Record.from_json(record.to_json()) == record
    unresolved = Result.unresolved("no match", (Via.CROSSREF_SEARCH, Via.S2_MATCH))
    assert unresolved.to_json() == {"status": "unresolved", "reason": "no match",
                                    "tried": ["crossref-search", "s2-match"]}
    assert Result.from_json(unresolved.to_json()) == unresolved


# ---------------------------------------------------------------------------------------- acceptance


def test_a_subtitle_left_out_of_the_reference_is_no_near_miss() -> None:
    record = crossref.parse_work(recorded("crossref/work_10.1145_3448016.3452841.json").body)
    assert judge({"title": "Vector quotient filters", "year": 2021}, record).accepted
    assert not judge({"title": "Quotient filters", "year": 2021}, record).accepted


def _hit(file: str) -> Record:
    if file.startswith("crossref/"):
        return crossref.parse_search(recorded(file).body)[0][0]
    return semanticscholar.parse_match(recorded(file).body)


@pytest.mark.parametrize(("entry", "file", "accepted", "why"), [
    # The recorded Crossref hit for "Attention is all you need" is another paper: rejected.
    ({"title": "Attention is all you need", "year": 2017},
     "crossref/query_title_attention_is_all_you_need_authors_rows1.json", False, "title 52.9 < 85"),
    ({"title": "Attention is all you need", "year": 2017},
     "semanticscholar/match_attention_is_all_you_need_2025-08.json", True, "ok"),
    # A near miss sharing words with the query ("retrieval augmented", "scientific"): rejected.
    ({"title": "PaperQA: Retrieval-Augmented Generative Agent for Scientific Research", "year": 2023},
     "crossref/query_title_paperqa_rows1.json", False, "title 75.9 < 85"),
    # A title contained in the hit's: token-set ratio 100, rejected on length.
    ({"title": "Augmenting language models", "year": 2024},
     "crossref/query_title_augmenting_llm_chemistry_tools_rows1.json", False, "title length 26 vs 53"),
    # Years: one apart is accepted (preprint 2023, journal 2024), two apart is not.
    ({"title": "Augmenting large language models with chemistry tools", "year": 2023},
     "crossref/query_title_augmenting_llm_chemistry_tools_rows1.json", True, "ok"),
    ({"title": "Augmenting large language models with chemistry tools", "year": 2022},
     "crossref/query_title_augmenting_llm_chemistry_tools_rows1.json", False, "year 2022 vs 2024"),
    ({"title": "Augmenting large language models with chemistry tools", "year": None},
     "crossref/query_title_augmenting_llm_chemistry_tools_rows1.json", True, "ok"),
    # Without a parsed title the raw entry stands in for it.
    ({"title": None, "raw": "A. M. Bran et al. Augmenting large language models with chemistry tools. "
                            "Nature Machine Intelligence, 6:525-535, 2024.", "year": 2024},
     "crossref/query_title_augmenting_llm_chemistry_tools_rows1.json", True, "ok"),
])
def test_acceptance(entry: dict, file: str, accepted: bool, why: str) -> None:
    verdict = judge(entry, _hit(file))
    assert (verdict.accepted, verdict.why) == (accepted, why)


# ------------------------------------------------------------------------------------ totality


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["title", "DOI", "author", "issued", "date-parts", "items", "message", "message-type", "data", "attributes",
         "titles", "creators", "results", "externalIds", "openAccessPdf", "url", "authorships", "reference",
         "year", "name", "family", "publicationYear", "identifiers", "doi", "license", "link", "journal",
         "primary_location", "locations", "best_oa_location", "display_name", "type", "publicationTypes"]),
        inner, max_size=6),
    max_leaves=30)


def _shaped(value):
    """Arbitrary JSON, sometimes in each API's envelope, so the parsers get past their first check."""
    return st.sampled_from([
        value, {"message-type": "work", "message": value}, {"message-type": "work-list", "message": {"items": value}},
        {"data": value}, {"data": {"id": "10.1/x", "attributes": value}}, {"results": value}, {"data": [value]}])


@settings(max_examples=300, deadline=None)
@given(_json_values.flatmap(_shaped))
def test_parsers_are_total_on_any_json(value) -> None:
    body = __import__("json").dumps(value)
    for parse in (crossref.parse_work, crossref.parse_search, crossref.references_from_work, datacite.parse,
                  semanticscholar.parse_match, semanticscholar.parse_paper, openalex.parse_search):
        out = parse(body)
        assert out is None or isinstance(out, (Record, list))
