"""Citation markers on small hand-made pages: style by tally, each marker form, rejections, linking."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelens.citations import _bare_matches, _narratives, _paren_matches, find_citations
from citelens.layout import char_edges, text_map
from citelens.model import CitationStyle, Font, Page, Reference, TextItem
from citelens.patterns import (AY_BARE, AY_LEADING_AUTHORS_NARRATIVE, AY_NARRATIVE, AY_PAREN, REF_WORD_NUMBERS,
                               UNICODE_SUPERSCRIPT)
from citelens.references import ReferenceList

import builders


def page(lines: list[str | list[TextItem]], number: int = 1) -> Page:
    items: list[TextItem] = []
    for k, line in enumerate(lines):
        y = 100 + 14 * k
        if isinstance(line, str):
            items.append(TextItem(line, 72, y, 5.0 * len(line), 10, 10, 0))
        else:
            items.extend(TextItem(i.text, i.x, y - (100 - i.y), i.width, i.height, i.size, 0) for i in line)
    return Page(number, 612, 792, tuple(items), (Font("Times-Roman"),))


def numbered(n: int) -> tuple[Reference, ...]:
    return tuple(Reference(i, f"[{i}]", f"Author{i} A. Title {i}. 2001.", 9, (72, 100, 300, 110), (f"Author{i}",),
                           2001) for i in range(1, n + 1))


def refs_of(references: tuple[Reference, ...], tm) -> ReferenceList:
    start = tm.text.index("References") + len("References")
    return ReferenceList(references, start, len(tm.text))


def run(body: list[str | list[TextItem]], references: tuple[Reference, ...]):
    tm = text_map([page(body), page(["References", "entries ..."], 2)])
    return find_citations(tm, refs_of(references, tm))


NUMERIC_BODY = [
    "Prior work [1] and others [2, 3] studied this; see also [4-6] and [7; 8].",
    "A range written as [9]–[11] counts too, as does [12].",
    "Not citations: an interval [0, 1], a size [10 mm], a number [99] out of range.",
    "More work [1], [2] and [3] on several pages of text.",
]

# The opening line of a document that cites by numbers in parentheses, which the tests of that style go on from.
PAREN_OPENING = "Rates vary (1). Domains (2,3) and repair (4–6) matter (7)."


def paren_cited(body: list[str]) -> list[str]:
    """The citations' texts of ``body`` over a list of 10 entries, read as a document citing by number."""
    result = run(body, numbered(10))
    assert result.style == CitationStyle.NUMERIC
    return [c.text for c in result.citations]


def test_a_bracketed_citation_may_open_with_a_note_and_name_works_within_an_entry():
    # natbib's \citep[see][]{...} in a numbered style prints its note inside the bracket; chemistry's journals
    # cite one work of an entry that lists several as a), b): both name the entry's number.
    result = run(["Earlier work [see 4] and [e.g., 5, 6] and [cf. 7] agrees; the ligands [2a] and [3a,b], [3a–c].",
                  "Not citations: [see Fig. 4], [a, b] and an interval [1, b] of the line."], numbered(12))
    assert [(c.text, c.ref_indexes) for c in result.citations if c.page == 1] == [
        ("[see 4]", (4,)), ("[e.g., 5, 6]", (5, 6)), ("[cf. 7]", (7,)), ("[2a]", (2,)), ("[3a,b]", (3,)),
        ("[3a–c]", (3,))]



def test_a_bracket_may_join_its_last_two_numbers_with_and():
    # Citations typed by hand join the last two numbers as a sentence joins words; "and" inside the bracket
    # is a comma, never a reason to drop the citation.
    result = run(["Earlier work [3 and 5] agrees with [2, 4, and 9] and with [1–3 & 7] on every point.",
                  "Not citations: [a and b] and [10 and more] on this line."], numbered(12))
    assert [(c.text, c.ref_indexes) for c in result.citations if c.page == 1] == [
        ("[3 and 5]", (3, 5)), ("[2, 4, and 9]", (2, 4, 9)), ("[1–3 & 7]", (1, 2, 3, 7))]

def test_numeric_brackets_ranges_lists_and_rejections():
    result = run(NUMERIC_BODY, numbered(12))
    assert result.style == CitationStyle.NUMERIC
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("[1]", (1,)), ("[2, 3]", (2, 3)), ("[4-6]", (4, 5, 6)), ("[7; 8]", (7, 8)),
        ("[9]–[11]", (9, 10, 11)), ("[12]", (12,)), ("[1]", (1,)), ("[2]", (2,)), ("[3]", (3,))]
    first = result.citations[0]
    assert first.page == 1 and len(first.boxes) == 1
    x0, y0, x1, y1 = first.boxes[0]
    line_item = TextItem(NUMERIC_BODY[0], 72, 100, 5.0 * len(NUMERIC_BODY[0]), 10, 10, 0)
    edges = char_edges(line_item)
    k = NUMERIC_BODY[0].index("[1]")
    assert x0 == pytest.approx(edges[k]) and x1 == pytest.approx(edges[k + 3])


def test_a_ranges_dash_may_be_any_dash_glyph():
    # A range's dash as fonts print it: a hyphen, an en dash, an em dash, and the minus sign a font may print its en
    # dash as; in brackets and between a bracketed pair.
    result = run(["Prior work [1-3], [4–6], [7—9] and [10−12] agrees, as [1]−[3] does, in many of its cases."],
                 numbered(12))
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("[1-3]", (1, 2, 3)), ("[4–6]", (4, 5, 6)), ("[7—9]", (7, 8, 9)), ("[10−12]", (10, 11, 12)),
        ("[1]−[3]", (1, 2, 3))]


def test_a_numbered_citations_locator_in_the_papers_language():
    result = run(["Prior work [1, p. 4] and [2, S. 12], [4, Kap. 3] and [5, Satz 2], [6, Abb. 1], [3, pág. 5],",
                  "[7, cap. 2] and [8, Abschn. 4.1]; not an interval [0, 1] nor [9, 10 mm] here."], numbered(10))
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("[1, p. 4]", (1,)), ("[2, S. 12]", (2,)), ("[4, Kap. 3]", (4,)), ("[5, Satz 2]", (5,)), ("[6, Abb. 1]", (6,)),
        ("[3, pág. 5]", (3,)), ("[7, cap. 2]", (7,)), ("[8, Abschn. 4.1]", (8,))]


def test_markers_link_by_printed_label_even_when_an_entry_is_missing():
    refs = tuple(r for r in numbered(12) if r.index != 5)
    refs = tuple(Reference(k, r.label, r.raw, r.page, r.box, r.authors, r.year) for k, r in enumerate(refs, start=1))
    result = run(NUMERIC_BODY, refs)
    four_six = next(c for c in result.citations if c.text == "[4-6]")
    assert four_six.ref_indexes == (4, 5)  # labels 4 and 6 → entries 4 and 5; label 5 is gone


AY_REFS = (
    Reference(1, None, "Smith, J. and Lee, K. 2019a. A study.", 9, (72, 100, 300, 110), ("Smith", "Lee"), 2019, "a"),
    Reference(2, None, "Smith, J. 2019b. Another.", 9, (72, 112, 300, 122), ("Smith",), 2019, "b"),
    Reference(3, None, "Lee, K. 2020. Third.", 9, (72, 124, 300, 134), ("Lee",), 2020),
    Reference(4, None, "van der Berg, A. 2018. Fourth.", 9, (72, 136, 300, 146), ("van der Berg",), 2018),
    Reference(5, None, "Müller, B. 2017. Fifth.", 9, (72, 148, 300, 158), ("Müller",), 2017),
    Reference(6, None, "World Health Organization. 2016. Report.", 9, (72, 160, 300, 170), (), 2016),
)
AY_BODY = [
    "As shown before (Smith et al., 2019a; Lee 2020), and by Smith and Lee (2019a),",
    "the effect holds (see van der Berg, 2018, p. 4). Müller (2017) disagrees,",
    "while Smith et",
    "al. (2019b) agree (World Health Organization, 2016). A bare year (2019) is no citation,",
    "nor is Jones (2015), who is not in the list. Lee [2020] uses square brackets.",
]


def test_author_year_parenthetical_narrative_particles_diacritics_and_line_breaks():
    result = run(AY_BODY, AY_REFS)
    assert result.style == CitationStyle.AUTHOR_YEAR
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("(Smith et al., 2019a; Lee 2020)", (1, 3)),
        ("Smith and Lee (2019a)", (1,)),
        ("(see van der Berg, 2018, p. 4)", (4,)),
        ("Müller (2017)", (5,)),
        ("Smith et al. (2019b)", (2,)),
        ("(World Health Organization, 2016)", (6,)),
        ("Lee [2020]", (3,)),
    ]
    across = next(c for c in result.citations if c.text == "Smith et al. (2019b)")
    assert len(across.boxes) == 2  # one box per line it spans


def test_a_cited_surname_is_a_whole_name_or_its_last_word_never_a_tail_of_its_letters():
    # "Lu" ends "Asmatulu" and "An" ends "Yuan", but neither cites the other; "Berg" is the last word of "van der
    # Berg" and "Baggethun" of "Gómez-Baggethun". A name hyphenated at a line's end is one word: "Tura-\nbieh".
    box = (72, 100, 300, 110)

    def ref(i, names, year):
        return Reference(i, None, f"{', '.join(names)}. {year}. A title.", 9, box, names, year)

    refs = (ref(1, ("Asmatulu", "Veisi", "Uddin"), 2019), ref(2, ("Lu", "Li", "Wang"), 2019),
            ref(3, ("Yuan", "Ning", "Zhou"), 2024), ref(4, ("An", "Huang", "Zhang"), 2024),
            ref(5, ("van der Berg",), 2018), ref(6, ("Gómez-Baggethun", "de Groot"), 2010),
            ref(7, ("Abdullah", "Turabieh"), 2012), ref(8, ("Abdullah", "Turabieh", "McCollum", "McMullan"), 2012))
    body = ["Sensors (Asmatulu et al., 2019; Lu et al., 2019) and models (An et al., 2024) and (Yuan et al.,",
            "2024) agree (Berg, 2018; Baggethun and de Groot, 2010), as Abdullah and Tura-",
            "bieh [2012] found; Abdullah et al. [2012] too."]
    assert [(c.text, c.ref_indexes) for c in run(body, refs).citations] == [
        ("(Asmatulu et al., 2019; Lu et al., 2019)", (1, 2)), ("(An et al., 2024)", (4,)),
        ("(Yuan et al., 2024)", (3,)), ("(Berg, 2018; Baggethun and de Groot, 2010)", (5, 6)),
        ("Abdullah and Turabieh [2012]", (7,)), ("Abdullah et al. [2012]", (8,))]


def test_a_group_authors_abbreviation_cites_the_group_after_its_first_citation_defines_it():
    # APA names a group author in full at its first citation with its abbreviation in brackets, then by the
    # abbreviation alone: "(World Health Organization [WHO], 2020)", then "(WHO, 2020)" and "WHO (2020)". Some
    # journals bracket it in parentheses: "(UK Association of Cancer Registries (UKACR), 2012)".
    box = (72, 100, 300, 110)
    refs = (*AY_REFS,
            Reference(7, None, "Centers for Disease Control and Prevention. (2019). Obesity facts.", 9, box, (), 2019),
            Reference(8, None, "UK Association of Cancer Registries. (2012). Trends in cancer.", 9, box, (), 2012),
            Reference(9, None, "World Health Organization. (2020). Report on health.", 9, box, (), 2020))
    body = [*AY_BODY, "Rates rose (e.g., Centers for Disease Control and Prevention [CDC], 2019) and (Lee, 2020),",
            "then (CDC, 2019) again; in England (UK Association of Cancer Registries (UKACR), 2012)",
            "and (UKACR, 2012).",
            "The (World Health Organization [WHO], 2020) agrees; WHO (2020) adds more (WHO, 2020). Not (NHS, 2019)."]
    assert [(c.text, c.ref_indexes) for c in run(body, refs).citations][7:] == [
        ("(e.g., Centers for Disease Control and Prevention [CDC], 2019)", (7,)), ("(Lee, 2020)", (3,)),
        ("(CDC, 2019)", (7,)), ("(UK Association of Cancer Registries (UKACR), 2012)", (8,)), ("(UKACR, 2012)", (8,)),
        ("(World Health Organization [WHO], 2020)", (9,)), ("WHO (2020)", (9,)), ("(WHO, 2020)", (9,))]


def test_a_surname_spelt_as_printed_wins_over_names_alike_and_over_forenames():
    # Names alike in most letters ("Jiang" for "Jian") or opening with the cited one ("Liu" for "Li") are other
    # people where an entry has the surname as printed; and "Li" never opens "Liu, C." as an organisation's
    # name opens its entry. A forename-first entry opening with the cited name as a forename ("Zheng Yuan")
    # is not Zheng's.
    box = (72, 100, 300, 110)
    refs = (Reference(1, None, "Jian, L., Wu, K. and Ho, T. 2018. Fibres.", 9, box, ("Jian", "Wu", "Ho"), 2018),
            Reference(2, None, "Jiang, S., Chen, Y. and Duan, G. 2018. Sensors.", 9, box,
                      ("Jiang", "Chen", "Duan"), 2018),
            Reference(3, None, "Liu, C., Shi, G. and Wang, G. 2019. Graphene.", 9, box, ("Liu", "Shi", "Wang"), 2019),
            Reference(4, None, "Zheng Yuan, Hongyi Yuan and Chengpeng Li. 2023. Scaling.", 9, box,
                      ("Yuan", "Yuan", "Li"), 2023),
            Reference(5, None, "Lianmin Zheng, Wei-Lin Chiang and Ying Sheng. 2023. Judging.", 9, box,
                      ("Zheng", "Chiang", "Sheng"), 2023))
    result = run(["Fibres thinner than 1 nm (Jian et al., 2018) were made; graphene (Li et al., 2019) is",
                  "good, and judges agree (Zheng et al., 2023) with sensors (Jiang et al., 2018) on it."], refs)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("(Jian et al., 2018)", (1,)), ("(Zheng et al., 2023)", (5,)), ("(Jiang et al., 2018)", (2,))]


def test_et_al_without_its_full_stop_or_after_a_comma_in_every_form():
    # IOP's and other styles print "et al" without a full stop: in parentheses, in the sentence, and bare (a
    # citation without brackets, as F1000 sets some). A name with a comma and a year but no "et al" or second
    # author stays no bare citation.
    body = ["As shown before (Smith et al, 2019a; Lee 2020), and as Smith et al (2019b) agree, the method",
            "follows the protocol of Smith et al, 2019b. A line of Lee, 2020 is no citation."]
    # Some styles and many authors set a comma before it ("Smith, et al. (2019b)"): every form holds so too.
    dotted = [line.replace("et al", "et al.") for line in body]
    for form in (body, dotted, [line.replace(" et al", ", et al") for line in dotted]):
        result = run(form, AY_REFS)
        assert result.style == CitationStyle.AUTHOR_YEAR
        assert [(c.text.replace("et al.", "et al").replace(", et al", " et al"), c.ref_indexes)
                for c in result.citations] == [
            ("(Smith et al, 2019a; Lee 2020)", (1, 3)), ("Smith et al (2019b)", (2,)), ("Smith et al, 2019b", (2,))]


def test_a_surname_may_carry_its_initials_as_a_list_in_vancouvers_order_prints_it():
    # "(Smith J, 2019)": the name as the entry prints it, surname first, initials after; a capital word before a
    # year names no entry unless its word is an entry's first author ("Table S", "Phase II").
    body = ["As shown before (Smith J, 2019b; Lee K, 2020), and (Smith JA and Lee K, 2019a), the effect",
            "holds (van der Berg A et al., 2018); others disagree (Smith J., 2019b).",
            "Not citations: (Table S, 2019), (Phase II, 2019)."]
    assert [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations] == [
        ("(Smith J, 2019b; Lee K, 2020)", (2, 3)), ("(Smith JA and Lee K, 2019a)", (1,)),
        ("(van der Berg A et al., 2018)", (4,)), ("(Smith J., 2019b)", (2,))]


def test_a_narrative_citation_may_set_a_comma_before_its_bracket():
    # Authors write "Smith et al., (2019b)" and "Smith & Lee, (2019a)" as a parenthetical citation's comma.
    body = ["As Smith et al., (2019b) and Smith & Lee, (2019a) found, and as Lee, [2020] agrees,",
            "while a list of Jones, (2015) is no citation of a work the list lacks."]
    assert [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations] == [
        ("Smith et al., (2019b)", (2,)), ("Smith & Lee, (2019a)", (1,)), ("Lee, [2020]", (3,))]


def test_a_sentence_may_name_a_group_by_its_first_author_in_words():
    body = AY_BODY + ["As Smith and colleagues (2019b) and Smith and co-workers (2019b) found, and Lee and",
                      "colleagues (2020) did not; (Smith and coworkers, 2019b). Lee and others (2020) is prose."]
    texts = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations][7:]
    assert texts == [("Smith and colleagues (2019b)", (2,)), ("Smith and co-workers (2019b)", (2,)),
                     ("Lee and colleagues (2020)", (3,)), ("(Smith and coworkers, 2019b)", (2,))]


def test_years_joined_by_a_word_or_alone_after_a_semicolon_and_pages_after_a_colon():
    body = AY_BODY + ["As found (Smith, 2019a and 2019b), Smith (2019a & 2019b) and Lee (2020: 255-257), and as",
                      "Müller (2017: 11, 18) said; (Lee 2020 and a review) names one. The same authors' other",
                      "works after a semicolon: (Smith et al., 2019a, p. 11; 2019b, p. 4) and (Müller, 2017; 2019)."]
    texts = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations][7:]
    assert texts == [("(Smith, 2019a and 2019b)", (1, 2)), ("Smith (2019a & 2019b)", (1, 2)),
                     ("Lee (2020: 255-257)", (3,)), ("Müller (2017: 11, 18)", (5,)), ("(Lee 2020 and a review)", (3,)),
                     ("(Smith et al., 2019a, p. 11; 2019b, p. 4)", (1, 2)), ("(Müller, 2017; 2019)", (5,))]


def test_names_in_korean_chinese_and_japanese_with_their_et_al_and_middle_dot():
    refs = (
        Reference(1, None, "김성철, 2004, 압록강 유적들에 대하여, 력사과학 4.", 9, (72, 100, 300, 110), ("김성철",), 2004),
        Reference(2, None, "이수진, 김상옥 (2019). 유아교사의 성인애착. 한국보육학회지, 19(4), 171-188.", 9, (72, 112, 300, 122),
                  ("이수진", "김상옥"), 2019),
        Reference(3, None, "张三, 李四. 引文解析研究[J]. 情报学报, 2019, 38(2): 1-10.", 9, (72, 124, 300, 134),
                  ("张三", "李四"), 2019),
        Reference(4, None, "山田太郎, 鈴木花子 (2018). 引用の研究. 情報学, 12, 1-10.", 9, (72, 136, 300, 146),
                  ("山田太郎", "鈴木花子"), 2018),
        Reference(5, None, "Smith J. 2017. Title.", 9, (72, 148, 300, 158), ("Smith",), 2017),
    )
    body = ["선행 연구(김성철, 2004; 이수진·김상옥, 2019)에 따르면 김성철(2004)과 이수진 외(2019)는 그렇다.",
            "根据张三等(2019)的研究，以及(张三, 2019; Smith, 2017)，山田ら(2018)と山田・鈴木(2018)も、(山田ほか, 2018)。",
            "本研究(2019)는 아니다."]
    assert [(c.text, c.ref_indexes) for c in run(body, refs).citations] == [
        ("(김성철, 2004; 이수진·김상옥, 2019)", (1, 2)), ("김성철(2004)", (1,)), ("이수진 외(2019)", (2,)),
        ("张三等(2019)", (3,)), ("(张三, 2019; Smith, 2017)", (3, 5)), ("山田ら(2018)", (4,)), ("山田・鈴木(2018)", (4,)),
        ("(山田ほか, 2018)", (4,))]
    # Their type sets ASCII's brackets, commas and digits in full-width forms: read as ASCII, one for one.
    body = ["研究表明（张三，2019；山田，2018）如此。また（山田・鈴木，２０１８）も、文献［1］。"] + body[:1]
    assert [(c.text, c.ref_indexes) for c in run(body, refs).citations][:2] == [
        ("(张三,2019;山田,2018)", (3, 4)), ("(山田・鈴木,2018)", (4,))]
    # (A Chinese narrative citation's name starts where the entry's author does in the run of ideographs: "张三等"
    # of "根据张三等(2019)".)


def test_works_without_a_year_cited_by_apas_words():
    refs = AY_REFS + (
        Reference(7, None, "Baker, T. (n.d.). A web page.", 9, (72, 172, 300, 182), ("Baker",), None),
        Reference(8, None, "Carter, A., & Dunn, B. (in press). Work to come. J. Tests.", 9, (72, 184, 300, 194),
                  ("Carter", "Dunn"), None),
        Reference(9, None, "Evans, E. (n.d.-a). First undated.", 9, (72, 196, 300, 206), ("Evans",), None),
        Reference(10, None, "Evans, E. (n.d.-b). Second undated.", 9, (72, 208, 300, 218), ("Evans",), None),
    )
    body = AY_BODY + ["As shown (Baker, n.d.; Lee, 2020) and by Carter and Dunn (in press), also (Carter & Dunn, in",
                      "press) and Evans (n.d.-b), (Evans, n.d.-a, n.d.-b); but (Smith, n.d.) names none."]
    assert [(c.text, c.ref_indexes) for c in run(body, refs).citations][7:] == [
        ("(Baker, n.d.; Lee, 2020)", (7, 3)), ("Carter and Dunn (in press)", (8,)), ("(Carter & Dunn, in press)", (8,)),
        ("Evans (n.d.-b)", (10,)), ("(Evans, n.d.-a, n.d.-b)", (9, 10))]


def test_names_in_greek_and_cyrillic_with_their_languages_and_and_et_al():
    refs = (
        Reference(1, None, "Иванов И. И., Петров П. П. 2019. Статья.", 9, (72, 100, 300, 110),
                  ("Иванов", "Петров"), 2019),
        Reference(2, None, "Сидоров С., Иванов И., Петров П. 2018. Другая.", 9, (72, 112, 300, 122),
                  ("Сидоров", "Иванов", "Петров"), 2018),
        Reference(3, None, "Ιωάννου Γ., Παππάς Κ., Νικολάου Α. 2020. Τίτλος.", 9, (72, 124, 300, 134),
                  ("Ιωάννου", "Παππάς", "Νικολάου"), 2020),
        Reference(4, None, "Smith J. 2017. Title.", 9, (72, 136, 300, 146), ("Smith",), 2017),
        Reference(5, None, "Smith J. 2016. Earlier.", 9, (72, 148, 300, 158), ("Smith",), 2016),
    )
    body = ["Как показали Иванов и Петров (2019) и (Сидоров и др., 2018; Smith, 2017), также Ιωάννου κ.ά. (2020),",
            "(Ιωάννου κ. ά., 2020) και Smith (2016 και 2017). The factor (ΔG, 2019) is no citation."]
    assert [(c.text, c.ref_indexes) for c in run(body, refs).citations] == [
        ("Иванов и Петров (2019)", (1,)), ("(Сидоров и др., 2018; Smith, 2017)", (2, 4)), ("Ιωάννου κ.ά. (2020)", (3,)),
        ("(Ιωάννου κ. ά., 2020)", (3,)), ("Smith (2016 και 2017)", (5, 4))]


def test_a_capitalised_particle_opens_the_name_it_belongs_to():
    refs = AY_REFS + (Reference(7, None, "Yang, Z. and Dos Reis, M. 2011. Seventh.", 9, (72, 172, 300, 182),
                                ("Yang", "Dos Reis"), 2011),
                      Reference(8, None, "Di Gaspero, L. 2003. Eighth.", 9, (72, 184, 300, 194), ("Di Gaspero",), 2003))
    body = ["A lineage is marked (Yang & Dos Reis, 2011), as Di Gaspero (2003) did before us, and Smith",
            "and Lee (2019a) after, as van der Berg (2018) did. Van der Berg (2018) opens a sentence."]
    result = run(body, refs)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("(Yang & Dos Reis, 2011)", (7,)), ("Di Gaspero (2003)", (8,)), ("Smith and Lee (2019a)", (1,)),
        ("van der Berg (2018)", (4,)), ("Van der Berg (2018)", (4,))]


def test_a_narrative_citation_may_share_its_bracket_and_take_a_possessive():
    body = AY_BODY + ["Müller (2017; see also Lee, 2020) and Smith and Lee's (2019a) view differ from",
                      "van der Berg's (2018); Lee (2019; Müller, 2017) names no entry of its own."]
    texts = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations][-4:]
    assert texts == [("Müller (2017; see also Lee, 2020)", (5, 3)), ("Smith and Lee's (2019a)", (1,)),
                     ("van der Berg's (2018)", (4,)), ("(2019; Müller, 2017)", (5,))]


def test_two_authors_are_joined_by_the_papers_own_and():
    # German "und", Spanish "y", French "et" (not "et al."), Italian's and Portuguese's "e", Dutch "en": in
    # parentheses, in the sentence and bare, as "and" and "&" are.
    body = ["Wie gezeigt (Smith und Lee, 2019a), como dicen Smith y Lee (2019a), comme (Smith et Lee, 2019a)",
            "et Smith et al. (2019b), come Smith e Lee (2019a), zoals (Smith en Lee, 2019a) en (Lee, 2020).",
            "Nach Müller und Smith, 2017, und nicht Smith und Lee 2019."]
    assert [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations] == [
        ("(Smith und Lee, 2019a)", (1,)), ("Smith y Lee (2019a)", (1,)), ("(Smith et Lee, 2019a)", (1,)),
        ("Smith et al. (2019b)", (2,)), ("Smith e Lee (2019a)", (1,)), ("(Smith en Lee, 2019a)", (1,)),
        ("(Lee, 2020)", (3,)), ("Müller und Smith, 2017", (5,))]


def test_et_al_as_the_papers_language_writes_it():
    body = AY_BODY + ["Wie Smith u. a. (2019b) zeigen, como (Smith y cols., 2019b) y (Smith y col., 2019b), comme",
                      "(Smith et coll., 2019b), como Smith e cols. (2019b) e Smith et al. (2019b) mostram."]
    assert [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations][-6:] == [
        ("Smith u. a. (2019b)", (2,)), ("(Smith y cols., 2019b)", (2,)), ("(Smith y col., 2019b)", (2,)),
        ("(Smith et coll., 2019b)", (2,)), ("Smith e cols. (2019b)", (2,)), ("Smith et al. (2019b)", (2,))]


def test_a_year_without_a_suffix_links_to_all_candidates_its_form_fits():
    refs = AY_REFS + (Reference(7, None, "Smith, J. 2019c. Third.", 9, (72, 172, 300, 182), ("Smith",), 2019, "c"),)
    result = run(["Both (Smith 2019) and (Smith, 2019) are ambiguous; (Lee 2020) is not.",
                  "Again Smith (2019) here, and (Lee, 2020) there; Smith and Lee (2019) wrote with",
                  "a co-author, as did Smith et al. (2019), so (Smith & Lee, 2019) names one entry."], refs)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("(Smith 2019)", (2, 7)), ("(Smith, 2019)", (2, 7)), ("(Lee 2020)", (3,)), ("Smith (2019)", (2, 7)),
        ("(Lee, 2020)", (3,)), ("Smith and Lee (2019)", (1,)), ("Smith et al. (2019)", (1,)),
        ("(Smith & Lee, 2019)", (1,))]


def test_apa_first_mentions_name_every_author_and_the_entry_is_its_first_authors():
    refs = (Reference(1, None, "MacLeod, C., Rutherford, E., Campbell, L., Ebsworthy, G., & Holker, L. (2002).", 9,
                      (72, 100, 300, 110), ("MacLeod", "Rutherford", "Campbell", "Ebsworthy", "Holker"), 2002),
            Reference(2, None, "Amir, N., Beard, C., Burns, M., & Bomyea, J. (2009).", 9, (72, 112, 300, 122),
                      ("Amir", "Beard", "Burns", "Bomyea"), 2009),
            Reference(3, None, "Bechara, A. (2005).", 9, (72, 124, 300, 134), ("Bechara",), 2005),
            Reference(4, None, "Volkow, N. D., Fowler, J. S., & Wang, G. J. (2004).", 9, (72, 136, 300, 146),
                      ("Volkow", "Fowler", "Wang"), 2004),
            Reference(5, None, "Wiers, R. W., et al. (2007).", 9, (72, 148, 300, 158), ("Wiers",), 2007),
            Reference(6, None, "Fowler, J. S. (2004).", 9, (72, 160, 300, 170), ("Fowler",), 2004))
    body = ["Attention is biased (MacLeod, Rutherford, Campbell, Ebsworthy, & Holker, 2002) and trainable",
            "(e.g., Amir, Beard, Burns, & Bomyea, 2009). Addiction models (Bechara, 2005; Volkow, Fowler, &",
            "Wang, 2004; Wiers et al., 2007) agree. MacLeod, Rutherford, Campbell, Ebsworthy, and Holker (2002)",
            "and Volkow, Fowler and Wang (2004) say so, while Fowler (2004) wrote alone."]
    result = run(body, refs)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("(MacLeod, Rutherford, Campbell, Ebsworthy, & Holker, 2002)", (1,)),
        ("(e.g., Amir, Beard, Burns, & Bomyea, 2009)", (2,)),
        ("(Bechara, 2005; Volkow, Fowler, & Wang, 2004; Wiers et al., 2007)", (3, 4, 5)),
        ("MacLeod, Rutherford, Campbell, Ebsworthy, and Holker (2002)", (1,)),
        ("Volkow, Fowler and Wang (2004)", (4,)),
        ("Fowler (2004)", (6,))]


def test_the_authors_before_a_narrative_citation_end_with_a_word_that_joins_them():
    # "Campbell, Ebsworthy, and " before "Holker (2002)"; a name ending in the letters of "and" or "en" joins
    # nothing ("Holland ", "Jansen ").
    assert [bool(AY_LEADING_AUTHORS_NARRATIVE.search(t)) for t in (
        "Campbell, Ebsworthy, and ", "Campbell & ", "Rossi e ", "Holland ", "Jansen ")] == [True, True, True, False, False]


def test_alphabetic_labels_name_the_entries_labelled_so():
    keys = ["Knu84", "GJ79", "BCD+05", "Tho18a", "Tho18b", "AL11"]
    refs = tuple(Reference(i, f"[{k}]", f"Author{i}, A. Title {i}. 19{i:02d}.", 9, (72, 100, 300, 110),
                           (f"Author{i}",), 1900 + i) for i, k in enumerate(keys, start=1))
    # a list that kept its labels in the entries' text is read the same way
    kept = tuple(Reference(r.index, None, f"{r.label} {r.raw}", r.page, r.box, r.authors, r.year) for r in refs)
    body = ["TeX is described in [Knu84]; hardness follows [GJ79, BCD+05] and [Tho18a; Tho18b],",
            "as shown in [AL11, S. 364]. Not citations: [Xyz99], an array [A1] and [n] here,",
            "and a matrix [AB12, 3] of no entry [Knu84, Zzz01]. Again [AL11]."]
    for references in (refs, kept):
        result = run(body, references)
        assert result.style == CitationStyle.ALPHABETIC
        assert [(c.text, c.ref_indexes) for c in result.citations] == [
            ("[Knu84]", (1,)), ("[GJ79, BCD+05]", (2, 3)), ("[Tho18a; Tho18b]", (4, 5)), ("[AL11, S. 364]", (6,)),
            ("[AL11]", (6,))]


def test_alphabetic_labels_of_particles_accents_and_double_names():
    # alpha.bst writes a name's particles in lower case ("vdH10": van der Hoeven), keeps its letters ("Mül99",
    # "Łuk51") and joins four authors' initials, a double name's with its hyphen ("J-RO-HG-B+19").
    keys = ["vdH10", "Mül99", "Łuk51", "J-RO-HG-B+19"]
    refs = tuple(Reference(i, f"[{k}]", f"Author{i}, A. Title {i}. 19{i:02d}.", 9, (72, 100, 300, 110),
                           (f"Author{i}",), 1900 + i) for i, k in enumerate(keys, start=1))
    body = ["Fast multiplication [vdH10; Mül99] and logic [Łuk51] as in [J-RO-HG-B+19, Lemma 2].",
            "Not citations: [vdX10] and [ab12] name no entry."]
    result = run(body, refs)
    assert result.style == CitationStyle.ALPHABETIC
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("[vdH10; Mül99]", (1, 2)), ("[Łuk51]", (3,)), ("[J-RO-HG-B+19, Lemma 2]", (4,))]


def test_narrative_citations_with_a_locator_and_notes_whose_number_is_glued_to_a_name():
    body = AY_BODY + ["As Lee [2020, §3] and Müller (2017, Chapter 7.3) show, and Smith and Lee (2019a, Table 2)",
                      "too, but not Lee (2020, a very long remark that is prose, not a locator).",
                      "12Müller (2017) proved it in a note."]
    texts = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations][7:]
    assert texts == [("Lee [2020, §3]", (3,)), ("Müller (2017, Chapter 7.3)", (5,)),
                     ("Smith and Lee (2019a, Table 2)", (1,)), ("Müller (2017)", (5,))]


def test_parentheses_inside_a_citation_and_prose_after_its_last_year():
    body = AY_BODY + ["Tasks (marmosets (Callithrix jacchus): Smith and Lee, 2019a; rooks: Lee, 2020) differ",
                      "(Lee, 2020; see also Müller, 2017 on similar results in macaques (Macaca mulatta)).",
                      "Short tails stay (Lee, 2020, p. 12) and (Müller 2017, Lee 2020).",
                      "A locator's own number (Lee 2020, Eq. (3)) and (Müller 2017, Eqs. (4)–(6); Lee 2020),",
                      "not a narrative one (as Müller (2017) did) nor matter (see (https://x.org/1.0/); Lee 2020)."]
    texts = [c.text for c in run(body, AY_REFS).citations][7:]
    assert texts == ["(marmosets (Callithrix jacchus): Smith and Lee, 2019a; rooks: Lee, 2020)",
                     "(Lee, 2020; see also Müller, 2017", "(Lee, 2020, p. 12)", "(Müller 2017, Lee 2020)",
                     "(Lee 2020, Eq. (3))", "(Müller 2017, Eqs. (4)–(6); Lee 2020)", "Müller (2017)"]


def test_citations_without_brackets_in_author_year_documents():
    body = AY_BODY + ["We followed Smith et al., 2019b, and Smith & Lee, 2019a (the first) but not",
                      "Smith, 2019 alone, nor Jones et al., 2015 who is not listed."]
    texts = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations][7:]
    assert texts == [("Smith et al., 2019b", (2,)), ("Smith & Lee, 2019a", (1,))]
    numeric = run(NUMERIC_BODY + ["As Author1 et al., 2001 showed."], numbered(12))
    assert "Author1 et al., 2001" not in [c.text for c in numeric.citations]


def test_a_tables_cell_cites_its_source_by_name_and_year_without_a_comma():
    # A table's "Main reference" column: "Petersen et al. 1997" alone in its cell, no bracket nor comma. A line
    # of prose that holds the same goes on, and names no entry by itself.
    cells = [[TextItem("Bayou", 72, 0, 30, 10, 10, 0), TextItem("Smith et al. 2019b", 300, 0, 90, 10, 10, 0)],
             [TextItem("Anti-entropy", 72, 0, 60, 10, 10, 0), TextItem("Smith and Lee 2019a", 300, 0, 90, 10, 10, 0)]]
    body = AY_BODY + [*cells, "We compare it with Smith et al. 2019b in the next section of the paper."]
    found = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations]
    assert ("Smith et al. 2019b", (2,)) in found and ("Smith and Lee 2019a", (1,)) in found
    assert sum(t == "Smith et al. 2019b" for t, _ in found) == 1


def test_an_alias_a_citation_gives_its_entry_cites_it_where_it_recurs():
    # Astronomy's "(Smith et al., 2019b, hereafter S19)": later "S19" cites that entry; "S19x" or "AS19" do not.
    body = AY_BODY + ["The rate was measured (Smith et al., 2019b, hereafter S19) over ten years, and S19",
                      "found it steady; the fit of S19 holds, unlike AS19 and S19x, which are names of stars."]
    found = [(c.text, c.ref_indexes) for c in run(body, AY_REFS).citations]
    assert found[-3:] == [("(Smith et al., 2019b", (2,)), ("S19", (2,)), ("S19", (2,))]


def test_a_citation_broken_at_a_page_end_is_two_markers_past_the_running_foot():
    # "(Müller, 2017; Smith et" ends page 1; a running foot in a smaller size (with parentheses and a year of
    # its own) stands between it and "al., 2019b; Lee 2020)" at the head of page 2.
    foot = [TextItem("Journal of Tests 12 (2020) 1-9", 72, 760, 150, 8, 8, 0)]
    def paper(head_of_page_2: str):
        tm = text_map([page(AY_BODY + ["Later work (Müller, 2017; Smith et", foot]),
                       page([head_of_page_2, "and more text follows here."], 2),
                       page(["References", "entries ..."], 3)])
        return find_citations(tm, refs_of(AY_REFS, tm))

    found = [(c.page, c.text, c.ref_indexes) for c in paper("al., 2019b; Lee 2020) agrees with it.").citations]
    assert found[-2:] == [(1, "(Müller, 2017; Smith et", (5, 2)), (2, "al., 2019b; Lee 2020)", (2, 3))]
    # A new sentence at the next page's head carries nothing on; nor does a bracket without a year.
    for head in ("The results (Lee 2020) differ.", "see above) for this."):
        texts = [c.text for c in paper(head).citations]
        assert not any(t.startswith(("(Müller, 2017; Smith", "see")) for t in texts), texts


def test_bare_suffixes_take_the_year_before_them():
    result = run(AY_BODY + ["Both (Smith et al., 2019a,b) and Smith et al. (2019a, b) name two entries."], AY_REFS)
    assert [c.ref_indexes for c in result.citations][-2:] == [(1, 2), (1, 2)]


def sup_line(words: list[tuple[str, bool]]) -> list[TextItem]:
    """A line of words, those marked raised 3.5 pt and set at 6 pt against the text's 10 pt, glued to the word
    before them."""
    x, out = 72.0, []
    for text, sup in words:
        size = 6.0 if sup else 10.0
        out.append(TextItem(text, x, 100 - (3.5 if sup else 0), 5 * len(text), size, size, 0))
        x += 5 * len(text) + (0 if sup else 2)
    return out


def test_notes_over_an_alphabetical_list_without_numbers_cite_no_entry_by_number():
    # Chicago's notes and bibliography (the humanities' way): the raised numbers are notes', and the
    # bibliography, unnumbered, runs in the order of its authors' names: note 3 does not cite its third entry.
    names = ("Adams", "Álvarez", "Baker", "Clark", "Davis", "Evans")
    alphabetical = tuple(Reference(i, None, f"{n}, John. A Book About Things. Chicago: Press, {1960 + i}.", 9,
                                   (72, 100, 300, 110), (n,), 1960 + i) for i, n in enumerate(names, start=1))
    body = [sup_line([("as historians have argued.", False), ("1", True), (" Next we show", False)]),
            sup_line([("the archive holds many letters.", False), ("2", True), (" and more", False)]),
            sup_line([("a claim often made.", False), ("3", True), (" In the end", False)]),
            sup_line([("more text here.", False), ("4", True), (" and here.", False), ("5", True)])]
    result = run(body, alphabetical)
    assert result.citations == ()
    # The author's names in the text still cite the entries; and a list in another order is cited by number.
    named = ["as argued (Adams 1961; Álvarez 1962) before.", "and (Baker 1963; Clark 1964) since.",
             "as (Davis 1965) and (Evans 1966) hold."]
    assert [c.ref_indexes for c in run([*body, *named], alphabetical).citations] == [(1, 2), (3, 4), (5,), (6,)]
    shuffled = tuple(replace(r, authors=(names[-r.index],)) for r in alphabetical)
    assert [c.text for c in run(body, shuffled).citations] == ["1", "2", "3", "4", "5"]


def test_superscripts_are_raised_smaller_numbers():
    body = [
        sup_line([("as reported before.", False), ("1", True), (" Next we show", False)]),
        sup_line([("many analyses.", False), ("2,3", True), (" and a range", False), ("4–6", True)]),
        sup_line([("its dash an em dash.", False), ("4—6", True), (" In a font", False)]),  # as some fonts print it
        sup_line([("an exponent R", False), ("2", True), (" = 0.97 and 10", False), ("16", True)]),
        sup_line([("more text here.", False), ("7", True), (" and here.", False), ("8", True)]),
        sup_line([("bound to AgamOBP1", False), ("9", True), (" but p53", False), ("2", True), (" is no", False)]),
        sup_line([("3", True), ("Department of Tests, an affiliation", False)]),
        sup_line([("a figure's marks ** * ***", False), ("10", True), (" * and more", False)]),  # significance
    ]
    result = run(body, numbered(10))
    assert result.style == CitationStyle.SUPERSCRIPT
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("1", (1,)), ("2,3", (2, 3)), ("4–6", (4, 5, 6)), ("4—6", (4, 5, 6)), ("7", (7,)), ("8", (8,)), ("9", (9,))]


def test_a_raised_list_after_a_name_ending_in_a_digit_is_a_citation_group():
    # Exponents and charges are single numbers; a raised list or range is a group of citations, also after a
    # gene's, a protein's or a cell line's name that ends in a digit ("IL-15³⁶,³⁷", "CD4⁵⁻⁷"). A single number
    # there stays a power or chemistry ("p53²"), and a list after a bare number is no name's ("10³,⁴").
    body = [
        sup_line([("as reported before.", False), ("1", True), (" Next we show", False)]),
        sup_line([("the expression of IL-15", False), ("2,3", True), (" and of CD4", False), ("4–6", True)]),
        sup_line([("also binds p53", False), ("2", True), (" while 10", False), ("3,4", True), (" is no", False)]),
        sup_line([("more text here.", False), ("7", True), (" and here.", False), ("8", True)]),
    ]
    result = run(body, numbered(8))
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("1", (1,)), ("2,3", (2, 3)), ("4–6", (4, 5, 6)), ("7", (7,)), ("8", (8,))]


def test_a_raised_list_after_an_abbreviation_or_an_element_is_a_citation_group():
    # The same fact after a two-letter capitalised word, an abbreviation or an element ("in AD¹,²", "such as
    # Ni¹⁰⁹,¹¹⁰"), and after a bracketed abbreviation ("fusarenon-X (FX)⁸⁻¹²"): no power, charge or count of
    # atoms is a list. One number there stays chemistry or a power ("Ni²", "(OH)²"), and a single capital a
    # symbol even before a list ("W¹,²", a Sobolev space).
    body = [
        sup_line([("as reported before.", False), ("1", True), (" Next we show", False)]),
        sup_line([("the major role in AD", False), ("2,3", True), (" and metals such as Ni", False), ("4–6", True)]),
        sup_line([("and fusarenon-X (FX)", False), ("7,8", True), (" but Ni", False), ("2", True), (" is no", False)]),
        sup_line([("nor (OH)", False), ("2", True), (" nor the space W", False), ("1,2", True), (" here", False)]),
        sup_line([("more text here.", False), ("9", True), (" and here.", False), ("10", True)]),
    ]
    result = run(body, numbered(10))
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("1", (1,)), ("2,3", (2, 3)), ("4–6", (4, 5, 6)), ("7,8", (7, 8)), ("9", (9,)), ("10", (10,))]


def _script_line(pieces: list[tuple[str, str]], y: float, x: float = 72.0) -> list[TextItem]:
    """One line of body text (10 pt) with script pieces: ``("sup", "2")`` raised, ``("sub", "t")`` lowered,
    ``("", "text")`` on the baseline; pieces touch (spaces are written into the text)."""
    out = []
    for kind, text in pieces:
        size = 6.0 if kind else 10.0
        dy = {"sup": -3.5, "sub": 1.8, "": 0.0}[kind]
        out.append(builders.item(text, x, y + dy, size))
        x += 0.45 * size * len(text)
    return out


def _cite_script_lines(lines: list[list[tuple[str, str]]], references: int):
    """:func:`find_citations` over a page of ``lines`` (each as :func:`_script_line` sets it), 14 pt apart from
    y=100, before a page headed "References"; the list numbers ``references`` entries."""
    items = [i for k, pieces in enumerate(lines) for i in _script_line(pieces, 100 + 14 * k)]
    tm = text_map([Page(1, 612, 792, tuple(items), (Font("Times-Roman"),)), page(["References", "entries ..."], 2)])
    return find_citations(tm, refs_of(numbered(references), tm))


def test_no_citation_on_author_lines_affiliations_formulas_isotopes_units_or_notes():
    """The issue's page: author lines (their marks with "∗" and "†" too), an affiliation list, exponents and
    indexes of a formula, isotope labels, units and a denominator's power ("kg/m²", "1/r²"), a variable's ("c²",
    "A(p²)", "E(X²)") or a bracketed expression's power ("(2π)³"), a footnote; none of it is a citation, while the
    real superscripts around it are (after a parenthesis of words or a name: "(in mice)¹¹", "(AY189223)¹²"; after a
    possessive or an identifier: "Parkinson’s²", "2H5Q³")."""
    y = iter(range(100, 800, 14))
    lines = [
        _script_line([("", "Ana Lenza"), ("sup", "1,3"), ("", ", Marcelo Ruiz"), ("sup", "3,4"),
                      ("", "& Wei Chen"), ("sup", "2")], next(y)),
        _script_line([("", "Alberto Elosegui-Artola"), ("sup", "2,3"), ("", " & Hua Wang"), ("sup", "1,4,5"),
                      ("", " Dendritic cells are")], next(y)),
        _script_line([("", "Vatsal Sanjay"), ("sup", "1,"), ("", " "), ("sup", "∗"), ("", " and Detlef Lohse"),
                      ("sup", "1, 2,"), ("", " "), ("sup", "†")], next(y)),
        _script_line([("sup", "1"), ("", "Department of Chemistry, University of Tests, Springfield")], next(y)),
        _script_line([("sup", "2"), ("", "Institute of Physics, Example City")], next(y)),
        _script_line([("", "Introduction")], next(y)),
        _script_line([("", "Ion channels open in the membrane."), ("sup", "1"), ("", " Their kinetics vary")],
                     next(y)),
        _script_line([("", "between tissues"), ("sup", "2,3"), ("", " and with age"), ("sup", "4–6"), ("", ".")],
                     next(y)),
        _script_line([("", "The loss is E = σ"), ("sup", "2"), ("", " + N"), ("sup", "−2"), ("", " c"), ("sub", "11"),
                      ("", " and v"), ("sub", "t"), ("sup", "1−γ"), ("", " with ‖x‖"), ("sup", "2"), ("", ".")],
                     next(y)),
        _script_line([("", "Spectra of the"), ("sup", "1"), ("", "H and"), ("sup", "13"), ("", "C nuclei were")],
                     next(y)),
        _script_line([("", "taken at 5 mg m"), ("sup", "−3"), ("", " in (mm"), ("sup", "3"), ("", ") cells (R"),
                      ("sup", "2"), ("", " = 0.93) growing 0.3 (d"), ("sup", "1"), ("", ")")], next(y)),
        _script_line([("", "at 25 kg/m"), ("sup", "2"), ("", " the field decays as 1/r"), ("sup", "2"),
                      ("", " and/or"), ("sup", "10"), ("", " stays.")], next(y)),
        _script_line([("", "with Ei − c"), ("sup", "2"), ("", ", A(p"), ("sup", "2"), ("", ") and 2c"), ("sup", "4"),
                      ("", " over (2π)"), ("sup", "3"), ("", " and f(σ)"), ("sup", "2"), ("", ", p(w)"), ("sup", "2"),
                      ("", " but (in mice)"), ("sup", "11"), ("", " and OBP1 (AY189223)"), ("sup", "12")],
                     next(y)),
        _script_line([("", "as in Parkinson’s"), ("sup", "2"), ("", " and the structure PDB ID: 2H5Q"), ("sup", "3"),
                      ("", " with E(X"), ("sup", "2"), ("", ") < ∞")], next(y)),
        _script_line([("", "as models predict"), ("sup", "7"), ("", " and a remark of ours."), ("sup", "9")],
                     next(y)),
        _script_line([("", "More results of others"), ("sup", "8"), ("", " and again"), ("sup", "1"), ("", ".")],
                     next(y)),
        _script_line([("sup", "9"), ("", "We thank the reviewers for this remark.")], 700),
    ]
    items = [i for line in lines for i in line]
    tm = text_map([Page(1, 612, 792, tuple(items), (Font("Times-Roman"),)), page(["References", "entries ..."], 2)])
    result = find_citations(tm, refs_of(numbered(12), tm), body_start=tm.text.index("Introduction"))
    assert result.style == CitationStyle.SUPERSCRIPT
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("1", (1,)), ("2,3", (2, 3)), ("4–6", (4, 5, 6)), ("10", (10,)), ("11", (11,)), ("12", (12,)), ("2", (2,)),
        ("3", (3,)), ("7", (7,)),
        ("8", (8,)), ("1", (1,))]
    # and the author line and affiliations are not citations even when the body starts at the top
    top = find_citations(tm, refs_of(numbered(12), tm))
    assert [c.text for c in top.citations] == [c.text for c in result.citations]
    # nor when the prose is taken to begin before the body: superscripts count from the body only
    early = find_citations(tm, refs_of(numbered(12), tm), body_start=tm.text.index("Introduction"), prose_start=0)
    assert [c.text for c in early.citations] == [c.text for c in result.citations]


def test_unicode_superscripts_cite_after_a_word_or_its_stop_and_powers_and_author_marks_do_not():
    # Word's exports set superscripts as Unicode digits in the body's font: after the stop (AMA's place) or the
    # word they cite, by the rules raised numbers follow.
    body = ["Jungwon Hwang¹, Sunghoon Kim² and Ana Lee¹,³",
            "Heart disease leads worldwide.¹ Inactivity harms health²,³ as shown⁴⁻⁶ before,",
            "on 5 m² plots with R² = 0.9, a variable x² and 10⁷ cells; the power (2π)³ is none either; the cells⁷."]
    result = run(body, numbered(10))
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("¹", (1,)), ("²,³", (2, 3)), ("⁴⁻⁶", (4, 5, 6)), ("⁷", (7,))]


def test_superscripts_closed_by_a_parenthesis():
    # Japanese journals label their lists "12)" and cite so: "reported.1,2)", "a range3–5)", the parenthesis
    # raised with the numbers or an item of its own.
    body = [sup_line([("as reported before.", False), ("1,2)", True), (" Next we show", False)]),
            sup_line([("many analyses", False), ("3–5", True), (")", True), (" and one more.", False), ("6)", True)]),
            sup_line([("an exponent R", False), ("2)", True), (" = 0.97 is none.", False)])]
    result = run(body, numbered(10))
    assert result.style == CitationStyle.SUPERSCRIPT
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("1,2)", (1, 2)), ("3–5)", (3, 4, 5)), ("6)", (6,))]


def test_a_sentence_naming_authors_keeps_their_superscripts_where_an_author_line_drops_them():
    """Names followed by their raised numbers and "and" read like an author line ("Ana Lenza1,3, Marcelo Ruiz3,4
    and Wei Chen2");
    a sentence that names the cited works' authors so goes on in words of its own ("average based on", "for",
    "since"), which an author line, names and marks, never holds."""
    lines = [
        [("", "Ana Lenza"), ("sup", "1,3"), ("", ", Marcelo Ruiz"), ("sup", "3,4"), ("", " and Wei Chen"),
         ("sup", "2")],
        [("", "Introduction")],
        [("", "Ion channels open in the membrane."), ("sup", "1"), ("", " Their kinetics vary")],
        [("", "rates of 6.1 for Nostoc,"), ("sup", "2"),
         ("", " and 7.06 for Crocosphaera (average based on Kopf and Laroche"), ("sup", "3"),
         ("", " and Dron et al."), ("sup", "4"), ("", "). Since")],
    ]
    result = _cite_script_lines(lines, 6)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [("1", (1,)), ("2", (2,)), ("3", (3,)),
                                                                    ("4", (4,))]


def test_elements_listed_keep_their_citations_where_short_surnames_make_an_author_line():
    """A two-letter capitalised word between commas is a symbol ("Cu²,³, Rh⁴,⁵, and Pd⁶,⁷": elements, each cited),
    while an author is named by forename and surname, however short ("Wei Li¹,², Jun Xu³ and Yi Wu¹")."""
    lines = [
        [("", "Wei Li"), ("sup", "1,2"), ("", ", Jun Xu"), ("sup", "3"), ("", " and Yi Wu"), ("sup", "1")],
        [("", "Introduction")],
        [("", "Ion channels open in the membrane."), ("sup", "1"), ("", " Their kinetics vary")],
        [("", "with the metals Cu"), ("sup", "2,3"), ("", ", Rh"), ("sup", "4,5"), ("", ", and Pd"),
         ("sup", "6,7"), ("", ",")],
    ]
    result = _cite_script_lines(lines, 7)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [("1", (1,)), ("2,3", (2, 3)), ("4,5", (4, 5)),
                                                                    ("6,7", (6, 7))]


def test_raised_brackets_after_a_short_word_cite_while_an_index_after_a_letter_does_not():
    # Journals that raise their bracketed numbers glue them to the word before, however short: "it[2]",
    # "reported in[3,4]"; a bracket glued to one letter is an index, raised (a layer's "W[1]") or not ("t[1]").
    lines = [[("", "Introduction")],
             [("", "Ion channels open in the membrane"), ("sup", "[1]"), ("", " and close as shown in"),
              ("sup", "[2,3]"), ("", ".")],
             [("", "Many have studied it"), ("sup", "[4]"), ("", "; the weights W"), ("sup", "[1]"),
              ("", " and scores t[2] are no citations.")],
             [("", "More results of others"), ("sup", "[5]"), ("", " follow.")]]
    result = _cite_script_lines(lines, 6)
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("[1]", (1,)), ("[2,3]", (2, 3)), ("[4]", (4,)), ("[5]", (5,))]


def test_raised_numbers_parted_only_by_spaces_are_a_list_when_they_rise():
    # BMJ's journals part the numbers of a superscript citation by spaces: "active1 2", "trial25 28 30".
    lines = [[("", "Introduction")],
             [("", "Most adolescents are active"), ("sup", "1 2"), ("", " and this tracks")],
             [("", "into adulthood"), ("sup", "3"), ("", " and the trials"), ("sup", "4 6 7"), ("", ".")],
             [("", "A falling pair is no list"), ("sup", "7 5"), ("", " of ours.")],
             [("", "More results of others"), ("sup", "8"), ("", " and again"), ("sup", "2"), ("", ".")]]
    result = _cite_script_lines(lines, 8)
    assert result.style == CitationStyle.SUPERSCRIPT
    assert [(c.text, c.ref_indexes) for c in result.citations] == [
        ("1 2", (1, 2)), ("3", (3,)), ("4 6 7", (4, 6, 7)), ("8", (8,)), ("2", (2,))]


def test_bracketed_citations_of_an_abstract_before_the_first_heading_count():
    # IEEE's run-in "Abstract—" leaves the abstract before the first heading, where the body is taken to
    # begin; its bracketed citations are citations (no affiliation mark is bracketed).
    body = ["Ana Lenza and Wei Chen, University of Tests",
            "Abstract—Earlier work [2] showed this on graphs of many kinds.",
            "I. INTRODUCTION", "Prior work [1] and others [3] studied this.", "More work [4] and [5]."]
    tm = text_map([page(body), page(["References", "entries ..."], 2)])
    refs = refs_of(numbered(5), tm)
    start, prose = tm.text.index("I. INTRODUCTION"), tm.text.index("Abstract")
    assert [c.text for c in find_citations(tm, refs, body_start=start).citations] == ["[1]", "[3]", "[4]", "[5]"]
    assert [c.text for c in find_citations(tm, refs, body_start=start, prose_start=prose).citations] == [
        "[2]", "[1]", "[3]", "[4]", "[5]"]


def test_parenthesised_numbers_only_in_parenthesised_documents_and_never_equations():
    body = ["Rates vary (1). Domains (2,3) and repair (4–6) matter,",
            "as in Eq. (3) which is an equation, and (7) here (8).", "More (9) and (10)."]
    assert paren_cited(body) == ["(1)", "(2,3)", "(4–6)", "(7)", "(8)", "(9)", "(10)"]
    bracket_doc = run(NUMERIC_BODY + ["An equation (3) here."], numbered(12))
    assert "(3)" not in [c.text for c in bracket_doc.citations]


def test_a_number_in_parentheses_before_the_equation_it_matches_is_a_citation():
    # A paper that cites in parentheses and numbers its equations the same way: a "(2)" of the prose set before
    # equation (2) is shown cites (a text cites in order from its start, and mentions an equation after showing
    # it); one after it mentions the equation.
    equation = [TextItem("x = a + b", 250, 100, 45, 10, 10, 0), TextItem("(2)", 520, 100, 15, 10, 10, 0)]
    body = ["Rates vary (1). Domains (2) and repair (3) matter (4).", "Later work (5) and (6) agrees,",
            "as (7) and (8) show:", equation, "From (2) the rate follows, as in (9) and (10)."]
    result = run(body, numbered(10))
    assert result.style == CitationStyle.NUMERIC
    assert [c.text for c in result.citations] == ["(1)", "(2)", "(3)", "(4)", "(5)", "(6)", "(7)", "(8)", "(9)",
                                                  "(10)"]
    assert [c.boxes[0][1] < 120 for c in result.citations if c.text == "(2)"] == [True]


def test_a_list_numbered_in_parentheses_inside_a_sentence_is_no_citation():
    body = [PAREN_OPENING,
            "The protocol has three steps: (1) mixing the samples, (2) heating them and (3) cooling,",
            "as before (8). Smith (1) and Jones (2) found it first, (3) later.",
            "It is tested in terms of (1) whether the split is large and (2) whether models",
            "are sensitive to it (9). Lee (1) showed it and Kim (2) saw it too. Cells were of three kinds:",
            "(1) small cells, (2) giant cells (found as before (10)), and (3) projection neurons. We want a",
            "model that (1) is precise and (2) contains enough. Genes include (1) TMEM16F (i.e. in",
            "blood), (2) XKR8 in cells, and (3) PLSCR1 in membranes."]
    result = run(body, numbered(10))
    assert result.style == CitationStyle.NUMERIC
    # Two items may be citations ("(1) and ... (2)", "Lee (1) showed ... Kim (2) saw"), unless the last stands
    # right after "and"; an item followed by punctuation is one; an item's own citation stays one; an
    # abbreviation's full stop ends no sentence.
    assert [c.text for c in result.citations] == ["(1)", "(2,3)", "(4–6)", "(7)", "(8)", "(1)", "(2)", "(3)",
                                                  "(9)", "(1)", "(2)", "(10)"]


def test_a_list_whose_items_are_whole_clauses_is_no_citation():
    # An item of a list run into a sentence may be a clause of two lines ("(2) our set-up of keeping the animals
    # in packs ... allows us to study ..."): the next item still belongs to the list.
    body = ["Rates vary (1). Domains (2,3) and repair (4–6) matter (7). Our set-up is unique in that (1) we",
            "can investigate not just the abilities of very young animals, but also of adult animals, (2) our",
            "set-up of keeping the animals in packs in large enclosures allows us to study their behavior with",
            "conspecifics under conditions that allow comparisons also with wild-living wolf packs and with",
            "free-ranging dog packs of the same regions, over the years of the study and the seasons of each,",
            "(3) their socialization enables us to explore the animals' interactions with humans, and (4) we",
            "have an adequate sample size (8)."]
    assert paren_cited(body) == ["(1)", "(2,3)", "(4–6)", "(7)", "(8)"]


def test_a_list_of_two_items_after_a_comma_is_no_citation():
    # A list's next item opens its clause after a comma or a semicolon ("(1) cooled the sample, (2) dried it");
    # a citation follows the words it supports, and a list of citations has no words between its numbers
    # ("as before (1), (2) and (3)").
    body = [PAREN_OPENING,
            "We (1) cooled the sample, (2) dried it and weighed it (8).",
            "As before (1), (2) and (3) show, mice (1) differ, rats (2) do not."]
    assert paren_cited(body) == ["(1)", "(2,3)", "(4–6)", "(7)", "(8)", "(1)", "(2)", "(3)", "(1)", "(2)"]


def test_pairs_listed_in_parentheses_are_no_citations():
    # Terms of a sequence or a grid's points, "(1,2), (2,3), (3,5)", name a number again from group to group; a
    # place cites each work once. Two groups set side by side may repeat one (a reference manager's two
    # citations run together: "Get2 (11,19) (19,20)"), and groups listed apart stay citations.
    body = [PAREN_OPENING,
            "Each step is a Fibonacci mode: (1,2), (2,3), (3,5), (5,8), as shown.",
            "It binds Get1 and Get2 (2,9) (9,10). Both (1,2), (3) and (4) agree."]
    assert paren_cited(body) == ["(1)", "(2,3)", "(4–6)", "(7)", "(2,9)", "(9,10)", "(1,2)", "(3)", "(4)"]


def test_a_numbered_part_of_the_paper_named_in_parentheses_is_no_citation():
    # A paper names its own numbered studies, experiments, hypotheses and steps with a capitalised noun and the
    # number ("Study (2)", "Hypothesis (1)"); a citation's number follows the claim or a name ("Smith (3)"),
    # also after such a noun in lower case ("a mouse model (4)", "a previous study (5)").
    body = [PAREN_OPENING,
            "Participants in Study (2) and Experiment (3) differed, as Smith (3) found;",
            "Hypothesis (1) holds and Model (2) fits better than Step (3) suggests.",
            "A mouse model (4) and a previous study (5) agree (8)."]
    assert paren_cited(body) == ["(1)", "(2,3)", "(4–6)", "(7)", "(3)", "(4)", "(5)", "(8)"]


def test_entries_named_by_number_in_the_sentence_in_numbered_documents():
    body = NUMERIC_BODY + ["The integrator of refs 9 and 10 and the units of ref. 4, as in Refs. 2–3;",
                           "a ref 99 out of range and a reference 5 are not."]
    texts = [(c.text, c.ref_indexes) for c in run(body, numbered(12)).citations][-3:]
    assert texts == [("9 and 10", (9, 10)), ("4", (4,)), ("2–3", (2, 3))]
    assert "refs 1" not in " ".join(c.text for c in run(AY_BODY + ["see refs 1 and 2"], AY_REFS).citations)


def test_numbered_citations_with_a_locator():
    body = NUMERIC_BODY + ["Degree centrality [3, Ch. 3] and a bound [5, Theorem 3] from [7, Lemma A.12] and",
                           "[2, 4, pp. 12–15]; not a pair [3, 17] of numbers or [4, blue]. A label in parentheses",
                           "and a finer part: [2, Equation (6.3)], [11, Theorem 2, item 1], [9, Ch. 3, p. 12]."]
    texts = [(c.text, c.ref_indexes) for c in run(body, numbered(12)).citations][-7:]
    assert texts == [("[3, Ch. 3]", (3,)), ("[5, Theorem 3]", (5,)), ("[7, Lemma A.12]", (7,)),
                     ("[2, 4, pp. 12–15]", (2, 4)), ("[2, Equation (6.3)]", (2,)),
                     ("[11, Theorem 2, item 1]", (11,)), ("[9, Ch. 3, p. 12]", (9,))]
    # The same in a document that cites in parentheses, each in its place among the others.
    body = [PAREN_OPENING,
            "Degree centrality (3, Ch. 3) and a bound (8) from (9, p. 12) and (5, Theorem 3), not (3, blue)."]
    texts = [(c.text, c.ref_indexes) for c in run(body, numbered(10)).citations][-4:]
    assert texts == [("(3, Ch. 3)", (3,)), ("(8)", (8,)), ("(9, p. 12)", (9,)), ("(5, Theorem 3)", (5,))]


def test_numbered_citations_with_a_locator_in_russian_and_german():
    # GOST's style, in Russian and the languages that follow it, gives the page after the number: "[10, с. 45]"
    # ("страница"), "[5, стр. 7]", the volume "[3, т. 2, с. 5]"; German lists give the volume as "Bd." ("Band").
    body = NUMERIC_BODY + ["Как показано [10, с. 45] и [5, стр. 7], а также [3, т. 2, с. 5] и [8, гл. 2];",
                           "so auch [9, Bd. 2, S. 5] im Text."]
    texts = [(c.text, c.ref_indexes) for c in run(body, numbered(12)).citations][-5:]
    assert texts == [("[10, с. 45]", (10,)), ("[5, стр. 7]", (5,)), ("[3, т. 2, с. 5]", (3,)), ("[8, гл. 2]", (8,)),
                     ("[9, Bd. 2, S. 5]", (9,))]


def test_a_bracket_glued_to_a_short_variable_is_an_index():
    body = NUMERIC_BODY + ["The components t[1] and t[2], (to[1]) and x[3]-[4] are indexes,",
                           "while shown[5], al.[6], et al[7] and e.g.[8] are citations."]
    assert [c.text for c in run(body, numbered(12)).citations][9:] == ["[5]", "[6]", "[7]", "[8]"]


def test_a_bracket_after_a_relation_is_an_interval_or_a_vector():
    body = NUMERIC_BODY + ["For τ ∈ [1, 2], x = [3, 4] and s ⊆ [5] the bounds hold,",
                           "as shown in [1, 2] and by [5]."]
    assert [c.text for c in run(body, numbered(12)).citations][9:] == ["[1, 2]", "[5]"]


def test_the_bibliography_is_never_searched():
    tm = text_map([page(NUMERIC_BODY), page(["References", "[1] Author1 A. Title [2]. 2001."], 2)])
    result = find_citations(tm, refs_of(numbered(12), tm))
    assert all(c.page == 1 for c in result.citations)


def test_prose_the_bibliography_passed_over_is_searched():
    tm = text_map([page(NUMERIC_BODY), page(["References", "[1] Author1 A. Title [2]. 2001.",
                                             "Discussion goes on [3] beside the list.", "[2] Author2 B."], 2)])
    inside = tm.text.index("Discussion")
    start, end = tm.text.index("References") + len("References"), len(tm.text)
    plain = find_citations(tm, ReferenceList(numbered(12), start, end))
    skipping = find_citations(tm, ReferenceList(numbered(12), start, end, (), ((inside, inside + 38),)))
    assert [c.text for c in skipping.citations] == [c.text for c in plain.citations] + ["[3]"]
    assert skipping.citations[-1].page == 2


def test_no_reference_list_means_no_citations_and_a_diagnostic():
    tm = text_map([page(NUMERIC_BODY)])
    result = find_citations(tm, ReferenceList((), None, None))
    assert result.citations == () and result.diagnostics[0].code == "no_citations"


adversarial = st.text(alphabet=st.sampled_from("[](),;-–0123456789 aA.\n"), max_size=50_000)


@settings(max_examples=20, deadline=2000)
@given(adversarial)
def test_any_text_is_processed_quickly_and_stays_in_range(text):
    p = Page(1, 612, 792, (TextItem(text or " ", 72, 100, 400, 10, 10, 0),), (Font("Times-Roman"),))
    tm = text_map([p])
    result = find_citations(tm, ReferenceList(numbered(30), None, None))
    for c, (a, b) in zip(result.citations, result.spans, strict=True):
        assert 0 <= a < b <= len(tm.text)
        assert all(1 <= i <= 30 for i in c.ref_indexes)


# Author-year patterns are searched only where they can match (citations._narratives, _bare_matches): the same
# matches as the pattern's own finditer, over real forms and over random runs of their pieces.
AUTHOR_YEAR_TEXTS = [
    "as Smith et al. (2019) and Lee & Park [2002] showed, and van der Berg’s (2004, p. 12) view",
    "Ammar et\nal. (2018a, b), O'Neil and Subrama-\nnian (2007); (Smith 2019) (see 2019) Smith (19) Lee (2020",
    "St. John (1999) Müller [2001, §3] x(2019) Jones ((2019)) Kim (2019 (Lee (2020)",
    "the protocol of Frazier et al., 2014. Loefer & Sedberry, 2003 (R. terraenovae); Smith, et al., 2015a, b",
    "Smith and Lee, 2019, 2020 and Range and Huber, 2007; Smith, 2003 alone; Müller & Ün, 1999",
    "as Smith, et al. (2019) and, in 2020, Lee, et al. [2020, p. 3] did; Smith, Lee (2019), Smith,\net al. (2019b)",
]
AUTHOR_YEAR_TOKENS = ["Smith", "van ", "et al.", " and ", "&", "’s", " ", "\n", "(", ")", "[", "]", "2019", "1999a",
                      ", ", ",", "p. 4", ";", "-\n", "x", "É", "b"]


def assert_searched_as_finditer(text: str) -> None:
    backwards = text[::-1]
    for a, b in ((0, len(text)), (3, len(text) - 2), (10, 40)):
        for pattern, search in ((AY_NARRATIVE, _narratives), (AY_BARE, _bare_matches)):
            expected = [(m.span(), m.groupdict()) for m in pattern.finditer(text, a, b)]
            assert [(m.span(), m.groupdict()) for m in search(text, a, b, backwards)] == expected


@pytest.mark.parametrize("text", AUTHOR_YEAR_TEXTS)
def test_author_year_citations_are_searched_only_where_they_can_be(text):
    assert_searched_as_finditer(text)
    # the table holds real citations of both kinds
    assert any(True for _ in AY_NARRATIVE.finditer(text)) or any(True for _ in AY_BARE.finditer(text))


@settings(max_examples=300, deadline=2000)
@given(st.lists(st.sampled_from(AUTHOR_YEAR_TOKENS), max_size=60).map("".join))
def test_author_year_search_finds_what_the_patterns_find_anywhere(text):
    assert_searched_as_finditer(text)


@pytest.mark.parametrize("pattern, text, expected", [
    (UNICODE_SUPERSCRIPT, "shown¹⁻⁴ and before¹² here", ["¹⁻⁴", "¹²"]),
    (UNICODE_SUPERSCRIPT, "a list.² and x)³ and ²alone", ["²", "³"]),  # (citations.py judges what they follow)
    (UNICODE_SUPERSCRIPT, "cells¹, shown²⁻⁴. tissue³) before⁵” and⁶", ["¹", "²⁻⁴", "³", "⁵", "⁶"]),
    # a code that a font without a Unicode map spells in the characters its codes name (pdf.js's reading)
    (UNICODE_SUPERSCRIPT, "ʸʷʷʷ»É»·È¹¾ʹʷʸʼƑʺƓʺʷʼ·É and x²y", []),
    (REF_WORD_NUMBERS, "ref. 41, refs 29 and 30, Refs. 3–5 (ref 7)", ["ref. 41", "refs 29 and 30", "Refs. 3–5", "ref 7"]),
    (REF_WORD_NUMBERS, "pref 3, Xref 4, ref 35.2, 1ref 5", []),
])
def test_markers_opening_with_their_first_character_and_a_lookbehind(pattern, text, expected):
    assert [m.group() for m in pattern.finditer(text)] == expected


# A parenthetical citation is tried only at a bracket that may open one, and only up to where that bracket
# closes (AY_PAREN_EXTENT): the same matches as the pattern's own finditer, an unclosed bracket before text full
# of names and years included.
PAREN_TEXTS = [
    *AUTHOR_YEAR_TEXTS,
    "(Tang et al., 2008) and (marmosets (Callithrix jacchus): Werdenich and Huber, 2002; rooks: Seed et al., 2008)",
    "(CCAAT-binding fac-\nReceived: March 6, 2023. Revised: Smith, 2024. (Lee 2020) [see, e.g., Schaerf, 1999]",
    "[Smith 2019 [Lee, 2020] (Smith (2019) Lee, 2020) (a (1) Smith, 2019)",
    "(Lee 2020, Eq. (3)) (Lee (ca. 2019) Smith) (see (https://x.org/1.0/); Lee 2020) (b (12345678) Lee, 2020)",
]
PAREN_TOKENS = [*AUTHOR_YEAR_TOKENS, "(x)", "(12)", "Lee ", "see ", "e.g., "]


def assert_parentheses_searched_as_finditer(text: str) -> None:
    for a, b in ((0, len(text)), (3, len(text) - 2), (10, 40)):
        expected = [(m.span(), m.groupdict()) for m in AY_PAREN.finditer(text, a, b)]
        assert [(m.span(), m.groupdict()) for m in _paren_matches(text, a, b)] == expected


@pytest.mark.parametrize("text", PAREN_TEXTS)
def test_parenthetical_citations_are_tried_only_inside_their_bracket(text):
    assert_parentheses_searched_as_finditer(text)


@settings(max_examples=300, deadline=2000)
@given(st.lists(st.sampled_from(PAREN_TOKENS), max_size=60).map("".join))
def test_parenthetical_search_finds_what_the_pattern_finds_anywhere(text):
    assert_parentheses_searched_as_finditer(text)
