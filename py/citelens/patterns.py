"""Every regular expression citelens uses, in one place, each with a real example of what it matches."""

from __future__ import annotations

import re

X = re.VERBOSE

# Speed: a pattern that opens with a character it consumes (a literal, a class, or a choice of literals) lets
# CPython's search skip in C to where that character stands; one that opens with a lookbehind, a lookahead, an
# optional or a repeated part is tried at every position, tens of nanoseconds each. So patterns searched over
# long text open with their first character and check what stands before it after it ("[.?!](?<=\S[.?!])"
# rather than "(?<=\S)[.?!]": the same matches).

# ------------------------------------------------------------------------------------------- fonts
# Names seen in ../shared/corpus, and the abbreviations Adobe's font naming standard gives a style after
# the family's hyphen (Technical Note 5088: Bd bold, Sb/Smbd semibold, Db demibold, XBd extra bold, Blk
# black, Hv heavy, Ult ultra; It italic, Obl oblique), alone or before a width ("-BdCn", "-SmbdIt"), and
# the weight numbers of CJK families ("-W6"). Case matters for the short suffixes ("TB" bold, "It" italic),
# so the long words are matched case-insensitively inside (?i:...) and the rest as written.

# Matches: "NimbusRomNo9L-Medi" (Times bold in LaTeX), "CMBX12", "CMB10", "SFRB1000", "rtxb" (newtx),
# "Arial,Bold", "MinionPro-Semibold", "Lato-Black", "LinLibertineTB", "AdvOT3b30f6db.B+fb" (Elsevier),
# "TradeGothicLTStd-Bd2", "GuardianSans-Medium".
FONT_BOLD = re.compile(
    r"""
      (?i: bold | black | heavy | semibold | demibold | demi | medi(?:um)? )
    | \A (?: CMBX | CMB\d | CMSSBX | SFBX | SFRB | SFSX | rtxb\b | EUFB )
    | T B I? \Z                                # LinLibertineTB, LinBiolinumTBI
    | \. B I? (?: \+ | \Z )                    # AdvOT3b30f6db.B, AdvTT67eeb634.BI
    | - (?: B | BI | Bd\d? | bd | b | bi ) \Z  # AdvGulliv-B, TradeGothicLTStd-Bd2, Advhelvneue-bi
    | - H I? \Z                                # AdvPSHN-H (Helvetica Neue Heavy, Cell Press)
    | - [A-Za-z]*? (?: Bd | Sb | SmBd | Smbd | Db | XBd | Blk | Hv | Hvy | Ult ) (?= [A-Z\d] | \Z )
    | - W [6-9] \Z                             # HiraginoSans-W6
    """,
    X,
)

# Matches: "CMTI10", "NimbusRomNo9L-ReguItal", "Helvetica-Oblique", "HelveticaLTStd-Obl",
# "MinionPro-BoldIt", "LinLibertineTI", "AdvOT02ce3bbb.I", "AdvGulliv-I", "CMSL10" (slanted), "rtxi".
FONT_ITALIC = re.compile(
    r"""
      (?i: ital | oblique | slant )
    | \A (?: CMTI | CMSL | CMBXTI | SFTI | SFSL | rtxi\b )
    | Obl\b | It\b | Ital
    | T B? I \Z                                # LinLibertineTI
    | \. B? I (?: \+ | \Z )                    # AdvOT02ce3bbb.I, AdvTT67eeb634.BI
    | - (?: I | BI | i | bi | it ) \Z          # AdvGulliv-I, Advhelvneue-bi
    | - [A-Za-z]*? (?: It | Obl ) (?= [A-Z\d] | \Z )  # HelveticaNeueLTStd-BdItCn
    | (?i: kursiv )
    """,
    X,
)

# ----------------------------------------------------------------------------------------- outline

# Section numbering at the start of a heading line, and the title after it:
# "3.2.1 Results", "2 RELATED WORK", "IV. EXPERIMENTS", "A.1 Proofs", "B. Extra runs", "5. Discussion",
# "Appendix A. Output current in β-multiplier"
# Letters alone ("A Survey ...") are not numbering unless followed by a dot or a dotted number. Mathematics, law and
# older physics set the section sign before a number ("§2. The model", "§ 3.1 Proofs"), books, theses and reports
# a word ("Chapter 3 Methods", "Section 2.1: Data", in the languages papers are written in): no part of the number.
HEADING_NUMBER = re.compile(
    r"""
    ^ (?: § \s* (?= \d ) | (?i: chapter | section | kapitel | abschnitt | cap[íi]tulo | chapitre | secci[óo]n
                             | se[çc][ãa]o ) \s+ (?= \d ) )?
      (?P<number>
        (?i: appendix | ap[ée]ndice | anexo | anhang | annexe | appendice | bijlage )   # Appendix A.  APPENDIX B:
        \s+ [A-Z0-9] (?: \. \d{1,2} ){0,2} [.:]?     # Anexo A.  Anhang B
      | \d{1,2} (?: \. \d{1,2} ){0,3} \.?          # 3  3.  3.2  3.2.1
      | [A-Z] (?: \. \d{1,2} ){1,3} \.?            # A.1  B.2.3
      | [A-Z] \.                                   # A.
      | (?: X{0,3} (?: IX | IV | V?I{1,3} | V | X ) ) \.   # I.  IV.  XII.
      )
      (?: (?<= \d ) : )?                             # "Section 2.1: Data"
      \s+ (?: [|│] \s+ )?                            # Wiley's "1 | INTRODUCTION", "2.1 | Study design"
      (?P<title> [\[(“"‘]? [^\W\d_] .* ) $          # "4.3 [D1] Discover Relevant Citations"
    """,
    X,
)

# An appendix letter alone, only after the bibliography: "A Proof of Theorem 1", "B Hyper-parameters".
APPENDIX_LETTER = re.compile(r"^(?P<number>[A-Z])\s+(?P<title>[A-Z][^\W\d_].*)$", X)

# The sections after a paper's text: acknowledgements, funding, declarations, the reference list, appendices
# and supplements (KNOWN_SECTION and UNNUMBERED_SECTION).
_AFTER_TEXT_SECTIONS = r"""
    acknowledge?ments? | funding | author \s+ contributions
    | competing \s+ (?: financial \s+ )? interests | conflicts? \s+ of \s+ interests?
    | declaration \s+ of \s+ interests?
    | data \s+ availability (?: \s+ statement )? | ethics \s+ statement
    | references (?: \s+ (?: and | & ) \s+ notes | \s+ cited )? | notes \s+ (?: and | & ) \s+ references
    | bibliography | literature \s+ cited | works \s+ cited | cited \s+ literature
    | appendix (?: \s+ [A-Z0-9] )? | appendices
    | supplement (?: ary | al ) \s+ (?: materials? | information | data ) | supporting \s+ information
    | agradecimientos? | agradecimentos | remerciements | danksagung | ringraziamenti | dankwoord
    | financiaci[oó]n | financiamiento | financiamento | financement | finanzierung | finanziamento
    | referencias (?: \s+ bibliogr[aá]ficas )? | refer[eê]ncias (?: \s+ bibliogr[aá]ficas )?
    | r[ée]f[ée]rences \s+ bibliographiques | bibliograf[ií]a | bibliographie | bibliografie | literatur
    | literaturverzeichnis | riferimenti (?: \s+ bibliografici )? | literatuur
    | ap[ée]ndices? | anexos? | annexes? | anh[aä]nge? | appendice | bijlagen?"""

# The same sections every paper may carry, named in the languages papers are written in (Spanish, Portuguese,
# French, German, Italian, Dutch, Chinese, Japanese, Korean): "Introducción", "Material und Methoden", "Résultats",
# "Discussão", "引言", "考察", "결론".
_BODY_SECTIONS_IN_OTHER_LANGUAGES = r"""
    introducci[oó]n | introdu[çc][ãa]o | einleitung | introduzione | inleiding
    | antecedentes | contexte | hintergrund
    | m[ée]todos? | m[ée]thodes? | methoden? | metodi | metodo | methodik
    | metodolog[ií]a | m[ée]thodologie | metodologia
    | materiales \s+ y \s+ m[ée]todos | materiais \s+ e \s+ m[ée]todos | mat[ée]riels? \s+ et \s+ m[ée]thodes
    | material \s+ und \s+ methoden | materiali \s+ e \s+ metodi
    | resultados | r[ée]sultats | ergebnisse | risultati | resultaten
    | resultados \s+ y \s+ discusi[oó]n | resultados \s+ e \s+ discuss[ãa]o | r[ée]sultats \s+ et \s+ discussion
    | ergebnisse \s+ und \s+ diskussion
    | discusi[oó]n | discuss[ãa]o | diskussion | discussione | discussie
    | conclusi[oó]n (?: es )? | conclus[ãa]o | conclus[õo]es | considera[çc][õo]es \s+ finais
    | schlussfolgerungen? | fazit | ausblick | conclusion[ei] | conclusies? | conclusie
    | limitaciones | limita[çc][õo]es
    | 引言 | 前言 | 方法 | 材料与方法 | 结果 | 結果 | 讨论 | 討論 | 结论 | 結論 | 结果与讨论 | 致谢 | 致謝
    | はじめに | 考察 | 謝辞 | 서론 | 연구\s?방법 | 결과 | 논의 | 고찰 | 결론 | 감사의\s?글"""

# The abstract's name in those languages.
_ABSTRACT_IN_OTHER_LANGUAGES = (r"resumen | resumo | r[ée]sum[ée] | zusammenfassung | riassunto | sommario"
                                r" | samenvatting | 摘要 | 要旨 | 초록 | 요약")

# Section names that are headings in any numbering and case: "Acknowledgements", "RELATED WORK",
# "Materials and Methods", "Conclusions and future work", "Supplementary Information".
KNOWN_SECTION = re.compile(
    rf"""
    ^ (?: abstract | summary | introduction | background | preliminaries
        | related \s+ works? | prior \s+ work | previous \s+ work | literature \s+ review
        | methods? | methodology | materials? \s+ (?: and | & ) \s+ methods? | experimental \s+ procedures?
        | approach | model | data | datasets? | experiments? | experimental \s+ (?: setup | results )
        | evaluation | results | results \s+ (?: and | & ) \s+ discussions? | findings | analysis
        | discussions? | limitations | future \s+ work
        | conclusions? (?: \s+ (?: and | & ) \s+ (?: future \s+ work | outlook | discussion ) )?
        | star \W? methods | online \s+ methods | concluding \s+ remarks
        | {_AFTER_TEXT_SECTIONS} | {_ABSTRACT_IN_OTHER_LANGUAGES} | {_BODY_SECTIONS_IN_OTHER_LANGUAGES}
      ) \s* [.:]? $
    """,
    X | re.IGNORECASE,
)

# The sections a paper that numbers its own leaves unnumbered: the abstract and what follows the text
# (acknowledgements, funding, declarations, the reference list, appendices and supplements). A body
# section's name ("Methods", "Data", "Model") run in as a paragraph's head in such a paper is a paragraph's.
UNNUMBERED_SECTION = re.compile(
    rf"""
    ^ (?: abstract | summary | {_ABSTRACT_IN_OTHER_LANGUAGES} | {_AFTER_TEXT_SECTIONS} ) \s* [.:]? $
    """,
    X | re.IGNORECASE,
)

# A section number in Roman numerals, "III" of "III. DYCOS" (IEEE's styles letter its subsections).
ROMAN_NUMBER = re.compile(r"[IVXL]+")

# The abstract's own label, a heading of the front matter (outline.sections): "Abstract", "SUMMARY:".
ABSTRACT_LABEL = re.compile(rf"^\s*(?i:abstract|summary|{_ABSTRACT_IN_OTHER_LANGUAGES})\s*[.:]?\s*$", X)

# Headings allowed after the reference list: "Appendix", "Appendix B: Proofs", "A.1 Setup",
# "Supplementary Material", "Appendices".
APPENDIX_HEADING = re.compile(
    r"""
    ^ (?: (?i: appendix | appendices | supplementary | supporting \s+ information
             | ap[ée]ndices? | anexos? | anh[aä]nge? | annexes? | appendice | bijlagen? )
        | [A-Z] (?: \. \d{1,2} )+ \.? \s          # A.1 Setup
        | [A-Z] \.? \s+ [A-Z][a-z]{2,}             # A Proofs, B. Hyper-parameters (not "D. A. Stahl")
      | [A-Z] \.? \s+ [A-Z]{2,}s? \s+ [a-z]      # B PDF filters, C. GPUs used (an acronym, then words)
      | [A-Z] \s+ [A-Z]{3,} (?: [\s:\-] | $ )        # B COMPLEXITY OF ... in capitals (an initial has its dot)
      )
    """,
    X,
)

# Table-of-contents leaders: "Introduction . . . . . . 3", "Results.........12".
DOTTED_LEADER = re.compile(r"\.(?:\s*\.){4,}\s*\d*\s*$")  # "(?:\.\s*){5,}\d*\s*$", opening with its dot (see X)

# Characters that make a large-font line an equation, not a heading: "σj = E · εj,", "f(σ) ± f(σ)2".
MATH_CHARS = re.compile(r"[=<>±·×÷∑∏∫√∂∆∇≤≥≈≠∞→←⇒∈∝−]")

# The word before an appendix number: "Appendix A" → "A".
APPENDIX_WORD = re.compile(r"^appendix\s+", re.IGNORECASE)

# Small capitals, a heading face of elsarticle and Frontiers: "CMCSC10", "MinionPro-SC", "Times-SmallCaps".
FONT_SMALLCAPS = re.compile(r"CMCSC|SmallCap|-SC\d*\b|Caps\b", re.IGNORECASE)

# A text item that is only a section number: "2.1.", "3", "IV.", "A.2".
SECTION_NUMBER_ONLY = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[A-Z](?:\.\d{1,2})+\.?|[IVX]{1,4}\.)$")

# A draft's line number printed in the margin beside a line (lineno, review copies): "50" of
# "50 2 Related Work", up to four digits alone in their item.
LINE_NUMBER = re.compile(r"^\s*(?P<number>\d{1,4})\s*$")

# The label of a theorem-like block, never a section heading: "Theorem 1", "Lemma 3.1", "Definition 2
# (Buffer stock)", "Proposition 3.2", "Remark 1", "Claim 2".
THEOREM_LABEL = re.compile(
    r"""
    ^ (?: theorem | lemma | proposition | corollary | definition | remark | claim | conjecture | assumption
        | example | observation | axiom )
      \s* (?: [A-Z]? \d+ (?: \. \d+ )* [a-z]? | [IVX]+ ) \b
    """,
    X | re.IGNORECASE,
)

# Labels that are never a section heading: a paper's front matter ("To cite this article", "Author
# manuscript", "Trial registration number", "Keywords and phrases", "MSC 2010 subject classifications",
# "Received: May 19, 2023"), an algorithm's inputs and outputs ("Output: S", "Require:"), a table's
# continuation ("Continued", "(continued)").
NOT_A_SECTION = re.compile(
    r"""
    ^ \(? (?: to \s+ cite | cite \s+ this | how \s+ to \s+ cite | to \s+ link \s+ to | author \s+ manuscript
        | trial \s+ registration | keywords? \b | key \s+ words | (?: \w+ \s+ )? \d* \s* subject \s+ classification
        | received \b | accepted \b | published \s+ online | article \s+ history | correspondence \b
        | input \s* : | output \s* : | require \s* : | ensure \s* : | continued \b )
    """,
    X | re.IGNORECASE,
)

# A caption or box label, never a section heading: "FIGURE 1 | Life at the Wolf Science Center",
# "Table 2. Results", "KEY CONCEPT 3 | Domestication hypotheses", "Supplementary Figure S2".
CAPTION = re.compile(
    r"""
    ^ (?: supplementary \s+ | extended \s+ data \s+ )?
      (?: fig (?: ure )? s? | tab (?: le )? | box | scheme | chart | plate | algorithm | listing
        | key \s+ concept )
      \.? \s* [A-Z]? \d+
    """,
    X | re.IGNORECASE,
)

# ------------------------------------------------------------------------------------------ layout

# A suspended hyphen at a line end, its compound's head coming after "and" or "or": "promoter-\nand
# enhancer-specific", "pre-\nor post-treatment", "pre-\nand postoperative" (a head written solid), or after
# "to" and a hyphenated head: "10-\nto 20-fold". It stays as it is set, the break a space. (A word is not
# hyphenated before a tail of two letters; hyphenation keeps a consonant with the vowel after it, so a tail
# "and" standing alone is the conjunction; "to" may close a word where two-letter tails are allowed: "Toron-\nto".)
_SUSPENDED = r"(?!(?:and|or)\s|to\s+[\w'’]+-\w)"

# A word broken at a line end with a hyphen, continuing in lower case on the next line:
# "infor-\nmation" → "information" (while "state-of-the-\nArt" keeps its hyphen).
HYPHEN_BREAK = re.compile(rf"(\w)-[\n\f]\s*{_SUSPENDED}([a-z\u00df-\u00ff])")

# Any other hyphen at a line end stays, without the break: "state-of-the-\nArt" → "state-of-the-Art".
HYPHEN_KEPT = re.compile(rf"(\w)-[\n\f]\s*{_SUSPENDED}")

# A hyphen at a line end, "-\n" of "infor-\nmation": where the two above can match, from the character before it.
LINE_END_HYPHEN = re.compile(r"-[\n\f]")

# -------------------------------------------------------------------------------------- references
# (references/: append its patterns here)

# The heading line that opens a reference list, for the references stage and the outline alike: "References",
# "7 REFERENCES", "Literature Cited", a bioRxiv line number before it ("870 Literature cited"), ACS's black square
# ("■ REFERENCES"), small-caps split by the extractor ("R EFERENCES"), other languages ("7. Bibliografía",
# Greek "ΒιΒλιογραφια", "Références", "Bibliographie", "Referências", "Riferimenti bibliografici", "Literatura",
# "Литература", "Список литературы", "参考文献", "참고문헌", "Kaynaklar"), "References and Notes",
# "REFERENCES CITED", "Literature", "Reference list", "Notes and references" (the Royal Society of Chemistry's);
# the name qualified: "Bibliographical References" (LREC's), "Cited References", "Selected References", "Key
# References", "List of References", "Selected Bibliography", "Works Consulted", German "Literaturangaben",
# "Literaturhinweise" (not the singular "Reference": a table's column head; nor "Sources" nor "Notes": sections
# of a humanities paper);
# Dutch, Scandinavian, Finnish, Hungarian, Romanian, Czech, Polish, Indonesian, Vietnamese, Ukrainian, Arabic and
# Persian names ("Literatuur", "Referenser", "Lähteet", "Irodalom", "Daftar Pustaka", "Список літератури", "المراجع").
REFERENCE_LIST_HEADING = re.compile(
    r"""
    ^ \s* (?: ■ \s* )? (?: \d{1,4} \.? \s+ | [IVX]{1,5} \. \s+ | [A-Z] \. \s+ )?
    (?i: (?: (?: bibliographical | cited | selected | key | literature | list \s+ of ) \s+ )?
         r \s? eferences (?: \s+ (?: and | & ) \s+ notes | \s+ cited )? | notes \s+ (?: and | & ) \s+ references
       | (?: selected \s+ )? bibliography (?: \s+ (?: and | & ) \s+ references )? | bibliograf[ií]a
       | works \s+ consulted | literatur (?: angaben | hinweise ) | βιβλιογραφ[ιί]α | literature \s+ cited
       | literature? | works \s+ cited
       | cited \s+ literature | references \s+ and \s+ further \s+ reading | literaturverzeichnis
       | r[ée]f[ée]rences (?: \s+ bibliographiques )? | bibliographie | referencias (?: \s+ bibliogr[aá]ficas )?
       | refer[êe]ncias (?: \s+ bibliogr[áa]ficas )? | riferimenti (?: \s+ bibliografici )? | literatura
       | литература | список \s+ (?: использованной \s+ )? литературы | 参考文献 | 참고 \s? 문헌 | kaynak (?: lar | ça )
       | reference \s+ list | αναφορ[εέ]ς
       | literatuur | referenties | litteratur (?: liste )? | refer[ae]nser | lähteet | kirjallisuus | irodalom
       | hivatkozások | bibliografie | seznam \s+ literatury | piśmiennictwo | daftar \s+ pustaka
       | tài \s+ liệu \s+ tham \s+ khảo | література | список \s+ (?: використаної \s+ )? літератури | المراجع | منابع )
    \s* :? \s* $
    """,
    X,
)

# A numbered entry's label at the start of a line: "[12] Smith ...", "(12) Smith ...", "12. Smith ...",
# "12) Smith ..." (Japanese journals', many in Russian), "12 Smith ..." (superscript-style lists), "12Smith" (a raised
# number glued to the name).
#
# Alphabetic labels (amsalpha, alpha, IEEE's "alphabetic" option): the authors' initials or the first
# author's name stem, a "+" for more authors, the year's last two digits and a letter: "[Knu84]", "[GJ79]",
# "[BCD+05]", "[Tho17a]", "[vdH10]", "[JOP+ ]" (no year), the names' letters as written ("[Mül99]") and up to
# four authors' initials of double names ("[J-RO-HG-B+19]"). A bracket without a digit or "+" ("[Online]") is none.
REF_LABEL = re.compile(
    r"""
    ^ \s* (?: ■ \s* )?
    (?: (?P<alpha> \[ [^\W\d_] (?: [^\W\d_] | ['’\-] ){0,11}
                   (?: \+ \s? (?: \d{2} | \d{4} )? | (?: \d{2} | \d{4} ) ) [a-z]? \] )
      | \[ \s* (?P<bracket> \d{1,4} ) \s* \]
      | \( (?P<paren> \d{1,4} ) \)
      | (?P<dot> \d{1,4} ) (?: \. (?! \d ) | \) (?= \s ) )
      | (?P<bare> \d{1,4} ) (?= \s+ \S | [A-ZÀ-Þ] )
    )
    """,
    X,
)

# An alphabetic label without a year, as alpha.bst makes it for an entry that has none: a single author's
# surname's first three letters ("[Ser]") or two to four authors' initials ("[GJ]", "[vdHL]", "[BCD+]"); not a
# word in brackets ("[Online]", "[Internet]"). Looked for only inside a list of alphabetic labels.
_ALPHA_YEARLESS = r"\[(?:[A-ZÀ-ÖØ-Þ][^\W\d_A-Z]{2}|(?:[a-z]{0,3}[A-ZÀ-ÖØ-Þ]){2,4}\+?)\]"
REF_ALPHA_YEARLESS = re.compile(rf"\s*{_ALPHA_YEARLESS}(?=\s|[A-ZÀ-ÖØ-Þ])")

# A label inside a line, where the extractor ran two entries together: "... 2019. [15] Clarke V",
# "... with a new algorithm.Phys.(7) Ciccotti, G.;" (ACS).
REF_LABEL_INLINE = re.compile(r"(?:(?<=[.\s])\[(?P<bracket>\d{1,4})\]|(?<=\.)\s?\((?P<paren>\d{1,4})\))\s+(?=[A-ZÀ-Þ])")

# A page number, or "Page 3 of 12", alone on a line at a page's edge: "4405", "Page 12 of 14", "12 / 14".
PAGE_NUMBER_LINE = re.compile(r"^\s*(?:page\s+)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?\s*$", re.IGNORECASE)

# A year as written in an entry, with its disambiguating letter: "2019", "(2014a)", "2015b,", "2005Methods"
# (bioRxiv runs the year into the title), "Pathol.2003,109" and "Mycopathologia1994,15" (MDPI loses the
# spaces). Not a page range ("pp. 1903–1910"), a volume:page ("117:1405"), a decimal ("0.2019") or a DOI
# part ("10.1016/j.cell.2019").
REF_YEAR = re.compile(
    r"""
    (?P<year> (?: 1[89] | 20 ) (?<! [\d/–\-:_] \d\d ) (?<! \d\. \d\d ) \d\d ) (?P<suffix> [a-z] )? (?! [0-9a-z–\-/] )
    """,  # what stands before the year is checked after its first two digits: see X
    X,
)

# What stands before a year that is another work's, not the entry's, matched at the end of the text before
# it: a name and a comma inside parentheses, "(Richardson, 1836)" (a species' authority in a title), or
# capitalised words, a place's: NLM's "Spine (Phila Pa 1976)", a journal's name that holds the year it was
# founded. An entry's own date in parentheses is the year alone or after a month or a season ("(March 1998)").
REF_NAMED_YEAR = re.compile(
    r"""\( (?: [A-Z][^\W\d_][^()\d]{0,30},\s*
          | (?! (?: Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Spring|Summer|Autumn|Fall|Winter) )
            [A-Z][^\W\d_]+ (?: \s [A-Z][^\W\d_]* \.? ){0,3} \s+ ) \Z""",
    X,
)

# What follows an entry's date in Vancouver's and BMC's styles, where it stands between the journal and the
# volume: an optional month and day, then ";" or "," and the volume, its issue, ":" and the first page
# ("2012, 380:2197", "2012 Dec 15;380(9859):2197", "2003;101: 75"). Matched right after the year.
YEAR_BEFORE_VOLUME = re.compile(
    r"""(?: \s+ [A-Z][a-z]{2,8} \.? (?: \s+ \d{1,2} )? )?     # a month and a day: " Dec 15"
        \s* [;,] \s* \d+ \s* (?: \( [^()]{1,12} \) )?            # the volume and its issue: ";380(9859)"
        \s* : \s* [A-Za-z]?\d""",                                # the first page: ":2197", ": e12"
    X,
)

# What stands before the year of the day a web page was read, not the one it was written, matched at the end of
# the text before it: the access-date words of the citation styles ("(accessed Jan 3, 2018)" in Lancet and
# Vancouver, "[cited 2018 Jan 3]" in NLM's, "Retrieved March 5, 2019, from" in APA's), then only a day and a
# month. It opens with the first letter of its words, consumed (case-insensitive only after it), so a search
# skips in C to the next "a", "c", "r" or "v" (see "Speed" at the top).
REF_ACCESS_YEAR_SCAN = re.compile(
    r"""[acrvACRV] (?<= \b [acrvACRV] )
    (?i: (?<= [aA] ) ccessed | (?<= [cC] ) (?: ited | onsulted ) | (?<= [rR] ) etrieved | (?<= [vV] ) (?: iewed | isited ) )
    (?i: (?: \s+ on )? [\s:]*
         (?: (?: (?: Jan | Feb | Mar | Apr | May | Jun | Jul | Aug | Sep | Oct | Nov | Dec ) [a-z]* \.?
               | \d{1,2} (?: st | nd | rd | th )? )
             ,? \s+ ){0,3} \Z )""",
    X,
)

# A DOI anywhere in a text (prefixes are not part of it): "doi: 10.1080/08927014.1995.9522969",
# "https://doi.org/10.1056/NEJMoa1306801.", the angle brackets of an old SICI DOI inside it
# ("10.1002/(SICI)1097-4636(199601)30:1<1::AID-JBM1>3.0.CO;2-E"); not a BibTeX brace after it
# ("doi = {10.1145/3290605.3300234}"). ids.doi trims what may follow it.
REF_DOI = re.compile(r"(?P<doi>10\.\d{4,9}/[^\s\"{}]+)")

# An arXiv identifier and the words that announce it: "arXiv:2104.08809", "arXiv preprint arXiv:2302.07302v2",
# "ArXiv abs/2004.07180", "CoRR, abs/1810.04805", "arxiv.org/abs/hep-th/9901001", "10.48550/arXiv.2312.07559".
# The id leaves out the version ("v2"): ids.arxiv_id.
REF_ARXIV = re.compile(
    r"""
    (?i: arxiv (?: \.org/ (?: abs | pdf ) / | [\s:.,]* (?: preprint \s* )? (?: arxiv )? [\s:]* (?: abs/ )? )
       | corr ,? \s* abs/ )
    (?P<id> \d{4} \. \d{4,5} | (?i: [a-z][a-z\-]+ (?: \.[a-z]{2} )? ) / \d{7} ) (?: v\d+ )?
    """,
    X,
)

# A URL: "https://github.com/allenai/papermage", "http://www.jstor.org/stable/2532457", "www.r-project.org".
REF_URL = re.compile(r"(?P<url>(?:https?://|www\.)[^\s<>\"]+)", re.IGNORECASE)

# The start of an author-year entry on a flush-left list: "Bates DM, DebRoy S (2003)", "Boslough, M., Brown",
# "Cafazzo, S., Valsecchi", "van der Berg, J.", "Müller, Hans", "Aranda-Díaz A., K. Mace", "O’Neil, C. 2016",
# "Mainzer et al. 2011," (astronomy's lists cut a long author list so; prose's "Mainzer et al. 2011)" has
# no comma after the year);
# not "PubMed Abstract" nor "Reference Source" (F1000's link lines): a forename needs its comma; nor a line of an
# entry's identifiers ("DOI 10.1093/...", "PMID 2153...": no surname "DO" with an initial "I"). (An organisation in
# capitals opens an entry: "CDC (2019)", "NCBI.", its last letter read as an initial.)
AUTHOR_START = re.compile(
    r"""
    ^ (?! (?: DOI | PMID | PMCID | ISBN | ISSN | URL | URN ) \b )
    (?: (?: van | von | de | der | den | del | della | di | da | du | le | la | dos | ten | ter
            | Van | Von | De | Del | Della | Di | Da | Du | Le | La ) \s+ )*
    [A-ZÀ-ÖØ-ÞĀ-Ž] [\w'’¨´`ˆ˜\-]* \w
    (?: ,? \s* (?: [A-Z] \. | [A-Z]{1,3} \b ) | , \s* [A-Z][a-zà-ÿ]+ \b
      | \s+ et \s+ al \. \s+ (?: 1[6-9] | 20 ) \d\d [a-z]? , )
    """,
    X,
)

# The start of an entry whose first author's forenames or initials come first (ACL, NeurIPS, ICML, most CS
# preprints): "Kyle Lo, Tyler Murray", "Lucy Lu Wang and", "J-D Kim, Tomoko Ohta", "E Gashi and K Sylejmani",
# "D. S. Johnson. A theoretician's guide", "Andrea Schaerf. A survey", "Masaki Eto. 2019.", the surname in
# capitals as some lists set it ("Bowen PENG, Jeffrey QUESNELLE"), the first author alone before "et al." ("M.
# Boliev et al., Nucl. Phys."). Only a list with
# no heading is looked for by it, beside AUTHOR_START (references/locate.py), and as the start of entries, not
# of lines: a line of prose may open so too, a run of entries holding years does not.
AUTHOR_START_FORENAME = re.compile(
    r"""
    ^ (?: (?: (?: [A-ZÀ-ÖØ-ÞĀ-Ž] [^\W\d_]+ (?: - [A-ZÀ-ÖØ-ÞĀ-Ž]? [^\W\d_]+ )? | [A-Z] - [A-Z] | [A-Z]{1,2} ) \s+ ){1,2} (?: [A-Z] \. \s* )?
      | (?: [A-Z] \. \s* (?: - \s* [A-Z] \. \s* )? ){1,3} )
    (?: (?: van | von | de | der | den | del | della | di | da | du | le | la ) \s+ )*
    (?: [A-ZÀ-ÖØ-ÞĀ-Ž] [\w'’\-]* [^\W\d_A-Z] | [A-ZÀ-ÖØ-Þ]{2,} (?: - [A-ZÀ-ÖØ-Þ]{2,} )? )
    (?: \s* , | \s+ and \s | \s+ et \s? al \b | \. \s+ (?: (?: 1[6-9] | 20 ) \d\d \b | [A-Z] ) )
    """,
    X,
)

# The start of an entry that names its maker in a word or few and then its year, as author-year lists
# order every entry: a program or an organisation, its name in any case ("pdf2image. 2023. pdf2image.
# https://...", "Grobid. 2008–2023.", "OpenAI. 2023.", "World Health Organization. 2020.",
# "R Core Team (2020)."). A line of prose seldom opens with a few words, a stop and a year.
AUTHOR_START_NAMED_YEAR = re.compile(
    r"""
    ^ [^\W_] [^.,;:()]{0,48}? (?: \. \s+ | \s+ \( )
    (?: 1[6-9] | 20 ) \d\d [a-z]? (?: [–\-] (?: 1[6-9] | 20 )? \d\d )? \)? [.,:]
    """,
    X,
)

# A word of an entry's first row after its label: a name or a title's, where a matrix's row has figures
# ("1 1 0", "1 t’wte2/cr2ge2te6" still has one).
ENTRY_WORD = re.compile(r"[^\W\d_]{2,}")

# One author's name in the orders entries use, each anchored at the name's start (references/entry.py tries
# them in turn and keeps the one the first author is written in). Surnames keep particles, hyphens, apostrophes and
# diacritics, and may be Cyrillic or Greek: "van der Berg", "Gómez-Baggethun", "O’Connor", "Müller",
# "ben-Avraham" (a lower-case prefix joined by a hyphen or apostrophe: "al-Khalili", "d’Alembert"),
# "de Ruyter van Steveninck" (a particle inside the surname), "Анчев".
_UP = "A-ZÀ-ÖØ-ÞĀ-ŽА-ЯЁΑ-Ω"
_LOW = "a-zà-ÿа-яёα-ω"
# The word joining the last two names of a list, in the languages papers are written in: "and", German "und",
# Spanish "y", French "et" (not "et al."), Italian's and Portuguese's "e", Dutch "en", Greek "και", Russian "и"
# ("Müller und Schmidt, 2010", "(García y López, 2010)", "Rossi, M. e Verdi, G.", "cuadros 16 y 17", "Carpenter
# (2007 και 2010)"); "&" is joined without spaces too. The citations, the reference entries' names and the figure
# mentions read it from here.
_AND = r"(?: and | und | y | et (?! \s* al \b ) | e | en | και | и )"

_PARTICLE_IN = r"(?: van | von | de | der | den | del | della | degli | dei | delle | di | da | du | dos | das | ten | ter | zu )"
_SURNAME = rf"""
    (?: (?: van | von | de | der | den | del | della | degli | dei | delle | di | da | du | le | la | dos | das | ten | ter
          | Van | Von | De | Der | Den | Ten | Ter | Del | Della | Di | Da | Du | Le | La | Dos | El | Al | St\.
          | VAN | VON | DE | DER | DEN | DEL | DI | DA | DU | LE | LA ) \s+ ){{0,3}}
    (?: (?: al | el | ben | ibn | bin | abu | d | l ) [-'’] )?
    (?! (?: Jr | Sr | II | III | IV ) \b ) [{_UP}] [\w'’]* (?: [-‐] [\w'’]+ )*
    (?: \s+ {_PARTICLE_IN} (?: \s+ (?: der | den | de | la | le ) )? \s+ [{_UP}] [\w'’]* (?: [-‐] [\w'’]+ )* )?
"""
# Initials with dots ("J.", "A. W.", "J.-P.", "J-L.", "Yu."), and without ("JM", "E-L", "C M" spaced).
_INITIALS_DOT = rf"(?: [{_UP}] (?: [a-z] | - [{_UP}] (?= \. ) )? \. (?: \s? - \s? | \s (?! \s* (?: and | et ) \b ) )? )+"
_INITIALS_CAPS = rf"[{_UP}]{{1,4}} (?: - [{_UP}]{{1,2}} )? (?: \s [{_UP}] (?! [\w'’\-] ) ){{0,3}} (?! [\w'’\-] )"

# "Surname, X. Y." (APA, ACS, Elsevier, Cell, Frontiers, NAR): "Boslough, M.", "Harris, A. W.", "Supek,F.",
# "Ryckaert, J.-P.", "Thompson, A.W."; a surname of two words, as Spanish and Portuguese names have ("García
# Márquez, G.", "Peyton Jones, S. L.").
NAME_SURNAME_COMMA = re.compile(
    rf"(?P<sur> {_SURNAME} (?: \s [{_UP}] [{_LOW}] [\w'’\-]* )? ) (?: \s+ (?: Jr | Sr | II | III | IV ) \b \.? )?"
    rf" \s* , \s*"
    rf"(?P<ini> {_INITIALS_DOT} | {_INITIALS_CAPS} \.? )"
    rf"(?: \s? (?: v\. | {_PARTICLE_IN} (?= [\s,.;] ) ) )?", X)

# "Surname XY" (Vancouver: PLOS, BMC, Springer, ASM, JMIR): "Magill SS", "Anacker AMJ", "Amberg D.",
# "de Nooijer J", "Rohm Young D" (JAMA), "Bendel A. M.", "Bender C M" (IOP: initials set apart).
NAME_SURNAME_INITIALS = re.compile(
    rf"(?P<sur> {_SURNAME} (?: \s [{_UP}] [{_LOW}] [\w'’\-]* )? ) \s+ (?P<ini> {_INITIALS_DOT} | {_INITIALS_CAPS} \.? )"
    rf"(?: \s? (?: v\. | {_PARTICLE_IN} (?= [\s,.;] ) ) )?", X)

# "X. Y. Surname" (IEEE, physics, PNAS, older ACM): "F. H. Yu", "J.M.Grames", "J.-P. Dilhac".
NAME_INITIALS_SURNAME = re.compile(rf"(?P<ini> {_INITIALS_DOT} ) \s* (?P<sur> {_SURNAME} )", X)

# "Forename Surname" (ACL, ACM, NeurIPS): "Riaz Ahmad", "Daniel S. Weld", "Madeleine van Zuylen",
# "Rune Haubo B Christensen", "J. Robert Oppenheimer", "A Ames" (eLife's page: "A Ames B Bell", no comma).
# Forenames that start with initials go on with words only: in "A Ames B Bell" the initial after a word
# opens the next name; forenames that start with words end with their initials: "Pullman P. Northern
# Lights" is no name "Lights" (the surname follows the middle initial). The surname is no initial nor a run of capitals: "Acheson JM." is a Vancouver name.
_FORENAME = rf"(?! (?: De | Van | Von | Le | La | Di | Da | Du | Del | Della | Dos ) \s ) [{_UP}] [\w'’\-]+ \s+"
_FORE_INITIAL = rf"[{_UP}] \.? \s+"
NAME_FORENAME_SURNAME = re.compile(
    rf"""(?P<ini> (?: {_FORE_INITIAL} ){{1,3}} (?: {_FORENAME} ){{1,3}}
                | (?: {_FORENAME} ){{1,3}} (?: {_FORE_INITIAL} ){{0,2}}
                | (?: {_FORE_INITIAL} ){{1,4}} )
         (?P<sur> (?! [{_UP}]{{1,3}} (?! [\w'’\-] ) ) {_SURNAME} )""", X)

# "Surname, Forename" (Chicago, MLA, many humanities and economics lists): "Bude, Heinz (1997)",
# "Knuth, Donald E. (1998)", "Elliott, Dyan.", "Cloonan, William, and Postel, Jean-Philippe",
# "Wiese, Leopold von (1971)" (the particle after the forename), "Dillman, Allissa A et al."; the
# forenames end with their initials ("Nevius, John L. The Planting" ends at "L.").
NAME_SURNAME_FORENAME = re.compile(
    rf"""(?P<sur> {_SURNAME} ) \s* , \s*
         (?P<ini> [{_UP}] [{_LOW}]+ (?: - [{_UP}] [{_LOW}]+ )? (?: \s+ [{_UP}] [{_LOW}]+ )? (?: \s+ [{_UP}] \.? (?! [\w'’\-] ) ){{0,2}}
                  (?: \s+ {_PARTICLE_IN} )? ) (?! [\w'’\-] )""", X)

# A surname set in capitals, as some journals and many French, Spanish and economics lists print them: after
# its forenames, at a name's start ("Joseph Chee CHANG,", "Dan KLEIN and", "Marti A. HEARST."), or first in a
# "Surname, Forename" list ("SMITH, John, and"). The forenames are words, not initials alone: in "Smith JA," the
# capitals are a Vancouver name's initials (and "K. LO" and "LO, K." read as they are).
_CAPS_WORD = rf"[{_UP}]{{2,}} (?: [-‐'’] [{_UP}]{{2,}} )*"
NAME_CAPS_AFTER_FORENAME = re.compile(
    rf"""(?: ^ | [,;] \s* | (?<= \s ) (?: {_AND} | & ) \s+ )
         (?! (?: The | A | An | In | On ) \s ) [{_UP}] [{_LOW}]+ (?: [-‐] [{_UP}]? [{_LOW}]+ )? \s+
         (?: (?: [{_UP}] [{_LOW}]+ | [{_UP}] \.? ) \s+ ){{0,3}}
         (?P<sur> {_CAPS_WORD} ) (?= \s* (?: [,;.&(:] | and \b | AND \b | et \b | $ ) )""", X)
NAME_CAPS_FIRST = re.compile(rf"(?P<sur> {_CAPS_WORD} ) \s* , \s* (?! (?: The | A | An ) \s ) [{_UP}] [{_LOW}]+", X)
# Four capitals in a row: the cheap test before either is tried.
NAME_CAPS_RUN = re.compile(rf"[{_UP}]{{4}}")

# A name in a script without capitals (Chinese, Japanese, Korean), up to the comma, stop or space after
# it: "리창언, 1991", "張仁崗. 張子和補法特點淺析", "이수진, 김상옥 (2019)"; names joined by a dot are one list
# ("최경원.임연옥.윤현숙(2012)": the first is the first author); a middle dot or an ideographic comma parts two
# names (NAME_SEPARATOR: "山田太郎・鈴木花子", "張三、李四"), and is no letter of either (the katakana middle dot
# U+30FB sits in the kana block).
_UNCASED_LETTER = "\u3040-\u30fa\u30fc-\u30ff\u3400-\u9fff\uac00-\ud7af"
NAME_UNCASED = re.compile(
    rf"(?P<sur> [{_UNCASED_LETTER}]{{1,8}} ) (?P<ini> (?: [.․] [{_UNCASED_LETTER}]{{1,8}} )* )", X)

# A title opening with a Latin phrase of the laboratory, not the "In" of a venue: "In situ determination of",
# "In vitro activity of", "In silico prediction".
ENTRY_IN_LATIN = re.compile(r"in\s+(?:situ|vivo|vitro|silico|utero|ovo|toto)\b", re.IGNORECASE)

# A title in a script without capitals ends at the first Latin comma or full stop or at an ideographic full
# stop: such titles use the script's own comma ("，", "、"), so a ", " is the field separator of the list
# ("王俊翰, 接受美学视域下看 舞蹈风暴 的大众化呈现, 品位经典, 2019.", "4대강 개발과 전문성의 정치, 환경사회학연구").
TITLE_UNCASED = re.compile(r"[\d\s]*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
TITLE_UNCASED_END = re.compile(r"[,.。]")

# Before the next of several initials-first names set without a comma: " B Bell" in "A Ames B Bell (2001)".
NAME_SPACED_NEXT = re.compile(
    rf"\s+ (?= {_FORE_INITIAL} (?! [{_UP}]{{1,3}} (?! [\w'’\-] ) ) [{_UP}] [\w'’] )", X)

# A corporate or one-word author right before the year: "CEPAL (2002)", "Grobid. 2008–2023.", "FAO, 2005".
NAME_SINGLE = re.compile(r"(?P<sur>[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’\-]+)(?=\s*(?:\(\s*|\.\s+|,\s*)(?:1[89]|20)\d\d)")

# A surname alone before "et al.": "Mainzer et al. 2011", "Trilling et al."
NAME_SURNAME_ET_AL = re.compile(rf"(?P<sur> {_SURNAME} ) (?= \s* ,? \s* et \s* al \b )", X)

# What may follow a name: a separator, "et al.", a year, a bracket, a full stop: "Brown, P., Assink",
# "Zehr, J.P. (2012)", "Cohan. 2019", "Hood WR. 2013", "Sinclair et al,", a quoted title after the names
# ("Venditti FJ Jr. “Classification of death").
NAME_FOLLOW = re.compile(
    r"""\s* (?: [,;・·、] | & | \. (?= \s | $ ) | [(\[] | $ | (?: and | AND | y | und | et | και | и ) \b | (?: e | en ) \s
              | u \. \s? a \. | κ \. \s? ά \.
              | (?:1[89]|20)\d\d
              | [“"‘«] )""", X)

# A list of people's names, not a heading: two names with an initial, parted by a comma ("M. Andrés Blanco,
# David B. Sykes, Lei Gu, ..., Konrad Hochedlinger", an author box set in a heading's face).
NAME_LIST_LINE = re.compile(
    r"(?: \b (?: [A-Z][a-zà-ÿ]+ \s )? (?: [A-Z] \. \s? ){1,2} [A-Z][a-zà-ÿ]+ (?: \s [A-Z][a-zà-ÿ]+ )? \s* , \s* ){2}", X)

# An author-contributions statement's heading: the run-in heads under it are the roles it lists ("Data curation:
# A. B., C. D.", CRediT's taxonomy), not sections.
CONTRIBUTIONS_HEADING = re.compile(
    r"^ \s* (?: (?: authors? (?: ['’] s? )? \s+ )? contributions? (?: \s+ statement )? | (?: credit \s+ )? author (?: ship )?"
    r" \s+ statement ) \s* [.:]? \s* $",
    re.IGNORECASE | X)

# An author's name as an author line sets it: initials, a surname and the marks that tie it to an affiliation or
# a note, glued to it or after its comma ("D. E. Trilling,1, 2, 3, ∗", "J. Rajagopal4, ∗", "D. White∗,‡"). An
# initial and a word look like a lettered heading ("D. White", "A. Overview"); the marks tell the name.
AUTHOR_NAME_MARKED = re.compile(
    r"(?: [A-Z] \. \s? )+ [A-Z][a-zà-ÿ'’]+ (?: - [A-Z][a-zà-ÿ'’]+ )? (?: \s* [∗*†‡§] | \d | \s* , \s* (?: \d | [∗*†‡§] ) )", X)

# One or two surnames without initials opening an entry, a comma before the title: "Akima, A New Method of",
# "Lowe and Cheng, Drugs of the Future", "O’Neill, ‘The Localization of ...’".
NAME_SURNAMES_ONLY = re.compile(
    r"(?P<first> [A-Z] (?: [a-z] | ['’][A-Z] ) [\w'’\-]* ) (?: \s+ (?: and | & ) \s+ (?P<second> [A-Z][a-z][\w'’\-]* ) )?"
    r" \s* , \s+"
    r"(?= [‘“\"']? [A-Z] )", X)

# "and" and a lower-case word after a name: the title's words ("Isolation and purification of"), but not a
# particle ("and van der Berg") or the list's close ("S. Popinet and collaborators").
NAME_AND_LOWER = re.compile(
    r"""\s+ (?: and | und | y | e | en ) \s+
        (?! (?: van | von | de | der | den | del | della | di | da | du | le | la | dos | das | ten | ter | al | el
              | ben | bin | ibn | collaborators | co-?workers | colleagues | others ) \b | [dl] [’'] ) [a-z]""", X)

# Between two names: ", ", "; ", ", and ", " and ", " & ", ", & ", Spanish " y ", German " und ", French " et ",
# the middle dot and the ideographic comma of Japanese, Korean and Chinese lists ("山田太郎・鈴木花子", "張三、李四"),
# ("T. KAMETANI et K. OGASAWARA"; not "et al."), Italian's and Portuguese's " e ", Dutch " en ".
NAME_SEPARATOR = re.compile(
    rf"\s* (?: [,;] \s* (?: (?: and | AND | y | und ) \s+ | & \s* )? | (?<= \s ) (?: {_AND} | AND | & ) \s+ | & \s*"
    r" | [・·、] \s* )",
    X)

# A colon after the last name, before the title (F1000): "Loefer JK, Sedberry GR: Life history of".
NAME_LIST_COLON = re.compile(r"\s* : (?! [\d/] )", X)

# The title run into the last of several initials-first names without a stop (ScienceDirect's page):
# " Projection" in "A. Andrew, B. Brown Projection neurons of lamina I"; not the second word of a surname
# ("N. Carreras Calderon, L. Tian") nor an abbreviation ("C.De Vries, At. Data Nucl. Data Tables");
# a hyphenated word too ("E. Winstanley Dila-tonic black holes").
NAME_RUN_ON = re.compile(r"\s+ (?= [A-ZÀ-ÖØ-ÞĀ-Ž] [a-zà-ÿ]+ (?: - [a-zà-ÿ]+ )* (?! [\w'’\-.,] ) )", X)

# A Vancouver date, year then volume after a semicolon, which only surname-first lists write:
# "Hum Ecol. 1990;18(1):1–19", "J Protozool. 1981; 28: 1–3", "Health Educ Res 2010 Aug;25(4)".
# (Its first digit is consumed before the test that no digit stands before it, for CPython's fast scan to the
# next "1" or "2": see REF_YEAR.)
REF_VANCOUVER_DATE = re.compile(
    r"(?: 1 (?<! \d 1 ) [89] | 2 (?<! \d 2 ) 0 ) \d\d [a-z]? (?: \s+ [A-Z][a-z]{2} \.? (?: \s+ \d{1,2} )? )? \s* ; \s* \d", X)

# "et al." after the names, glued or not: "Stein T et al. 2004", "R. Paparellaet al.,"; in a list's language:
# German "u. a.", Spanish "y cols.", Portuguese "e col.", French "et coll.", Russian "и др.", Greek "κ.ά.".
_LIST_ET_AL_OTHER = r"(?: u \. \s? a \. | [ye] \s+ cols? \. | et \s+ coll? \. | и \s+ др \. | κ \. \s? ά \. )"
NAME_ET_AL = re.compile(rf"\s* [,;]? \s* (?: et \s* al \b \.? | {_LIST_ET_AL_OTHER} ) ,?", X)

# A title ends at a sentence end (see TITLE_END) or where the venue starts: ", in: J. P. Lynch (Ed.)",
# ", In Proceedings", ", J. Doc. 12", ", Phys. Rev. B", ", Phys.Lett., B129", ", Theoret. and Math. Phys.",
# ", IEEE Trans. Nucl. Sci." (an abbreviated journal after a comma), Spanish's ", en:", Portuguese's ", Em:",
# French ", dans :"; not a title's
# own ", in" ("Variation in cancer risks, by mutation position, in BRCA2 mutation carriers").
TITLE_VENUE = re.compile(r",\s*(?:In:?\s|in:\s|in\s(?=[A-Z]\S*\s+[A-Z(])|(?:En|Em|Dans)\s?:?\s|(?:en|em|dans)\s?:\s"
                         r"|(?=(?:[A-Z]{3,6}\s+)?[A-Z][a-z]{0,7}\.(?:\s|[A-Z])))")

# A citation key's year-ish tail or a name's generational suffix, never a surname: "Jr.", "III", "Sr".
NAME_SUFFIX = re.compile(r"^(?:jr|sr|ii|iii|iv|2nd|3rd)\.?$", re.IGNORECASE)




# A run-in heading of the end matter after a reference list: "Conflict of Interest Statement: The authors",
# "Received: 24 July 2014; accepted", "Copyright © 2015 Range", "Citation: Range F and", "Funding. This work",
# JMIR's "Abbreviations" and "Edited by G Eysenbach; submitted", ACS's "Recommended by ACS" box, a generator's
# stamp ("Powered by TCPDF (www.tcpdf.org)"), APS's "Supplemental Material: <title>", Springer's "Publisher’s
# note Springer Nature remains neutral" (no colon), and the authors' biographies that close a journal issue's
# article: a name, then what the person is or did ("JEFF WEEKS is an independent consultant", "John Smith
# (M'99) received the B.S. degree"); an entry's names are followed by initials or a comma, not a verb.
END_MATTER = re.compile(
    r"""
    ^ (?: (?: conflicts? \s+ of \s+ interests? | competing \s+ (?: financial \s+ )? interests? | funding
          | acknowledge?ments? | author (?: s['’]? )? \s+ contributions? | data \s+ availability
          | received | citation | copyright | ethics \s+ statement | abbreviations | publisher['’]?s \s+ note
          | supplement (?: ary | al ) \s+ (?: materials? | information | data ) | supporting \s+ information
          | open \s+ access | additional \s+ information | author \s+ information | how \s+ to \s+ cite )
        (?: \s+ statement )? \s* [:.|] (?! \d )
      | copyright \s+ © | © \s* (?: 19 | 20 ) \d\d | abbreviations \s* :? \s* $ | (?-i: Edited ) \s+ by \s* :
      | publisher['’]?s \s+ note \s+ [A-Z] | please \s+ cite \s+ as
      | received \s+ (?: \d{1,2} \s+ )? (?: jan | feb | mar | apr | may | jun | jul | aug | sep | oct | nov | dec ) [a-z]* \.?
        \s+ (?: \d{1,2} ,? \s+ )? (?: 19 | 20 ) \d\d \b              # "Received December 2001; revised ..."
      | (?-i: [A-Z][A-Z'’\-]+ (?: \s [A-Z][A-Z.'’\-]* ){1,3} \s (?: is | was | received | holds | has | joined ) \s )
      | (?-i: [A-Z][a-z]+ (?: \s [A-Z]\. )* (?: \s [A-Z][a-z'’\-]+ ){1,2} \s (?: \( [^)]{1,20} \) \s )? received \s the \s ) | cite \s+ this \s+ article | recommended \s+ by \s | powered \s+ by \s )
    """,
    X | re.IGNORECASE,
)

# A sentence end inside an entry (references/entry.py skips those after initials and abbreviations):
# "… Cyanobacterium-plant symbioses. New Phytol." ends at "symbioses."; "Lifetime?" ends a title too, and so
# does "network mechanisms.Neuron 62" (Nature and PNAS lose the space after the title).
TITLE_END = re.compile(r"[.?!](?<=\S[.?!])(?=\s+\S|$|[A-Z])")  # after a non-space (see X)

# A word stem every REFERENCE_LIST_HEADING alternative holds, in lower case: "REFERENCES" → "eferenc". A
# pre-filter of the lines (and their items) worth that pattern, searched in the line lowered: one search of the
# stems costs 0.9 µs a line, testing each stem with ``in`` 1.5 µs (2026-12-07).
REF_HEADING_STEMS = (
    "eferenc", "ibliogr", "literat", "cited", "onsulted", "βλιογρ", "ναφορ", "éférenc", "eferênc", "iferiment",
    "итератур", "参考文献", "참고", "aynak", "eferens", "eferent", "eferans", "itteratur", "ähteet", "irjallisuu", "rodalom",
    "ivatkoz", "iśmiennictw", "ustaka", "tham khảo", "ітератур", "مراجع", "منابع")
REF_HEADING_STEM = re.compile("|".join(map(re.escape, REF_HEADING_STEMS)))


# A line number alone in bioRxiv's margin: "871".
REF_NUMBER_ONLY = re.compile(r"\d{1,5}")

# A line number run into its line's text: "967 Kursula P., I. Kursula, ..." → "967 ".
REF_LEADING_NUMBER = re.compile(r"\d{1,5}(?:\s+|$)")

# A label on a line of its own, set far left of its entry's text: "[12]", "(3)", "7.", "14".
REF_LABEL_ONLY = re.compile(r"\[?\(?\d{1,4}[.)\]]?")

# An alphabetic label on a line of its own, left of its entry's text: "[Ko12]", "[ZSVG+16]" (see REF_LABEL).
# (Also one without a year, REF_ALPHA_YEARLESS's: "[Ser]".)
REF_ALPHA_LABEL_ONLY = re.compile(
    rf"\[[^\W\d_](?:[^\W\d_]|['’\-]){{0,11}}(?:\+\s?(?:\d{{2}}|\d{{4}})?|\d{{2}}|\d{{4}})[a-z]?\]|{_ALPHA_YEARLESS}")

# A dash run in an entry's author position, "same authors as the entry above": IEEE's "———, “Title,”",
# Chicago's "———. 2005.", AASTeX's single "—. 1995,", "---, and J. Smith" typed as hyphens, "__." as
# underscores.
REF_SAME_AUTHORS = re.compile(r"^\s*(?:[—―]|[–‒]{2,}|[—–―‒]\s*[—–―‒]|-{2,}|_{2,})[—–―‒]*\s*(?:[,.:;]|\s|$)")

# An entry that starts with its year, where a rule drawn as a line stands for the authors above:
# "(2016): “Wealth Distribution”", "(2022a): “Unbounded", "2005. Title".
REF_YEAR_START = re.compile(r"^\s*\(?(?:1[6-9]|20)\d\d[a-z]?\)?\s*[,.:;]")

# The same with the year in parentheses, as author-year lists that bracket the year set it: "(2020): “Micro
# Jumps”". (A year unbracketed opens ACL's second lines too: "2017. Semeval 2017 task 10".)
REF_PAREN_YEAR_START = re.compile(r"^\s*\((?:1[6-9]|20)\d\d[a-z]?\)\s*[,.:;]")

# An entry whose last field is its year, as styles that date an entry after its venue print it:
# "Computers and Operations Research, 35(4):1265–1280, 2008.", "Springer-Verlag, 2005.", "pages 5–31, 2018a."
REF_YEAR_AT_END = re.compile(r"[,.] \s* (?P<year> (?:1[89]|20) \d\d ) (?P<suffix> [a-z] )? \s* \.? \s* \Z", X)

# A year set as a sentence of its own after the authors, as styles that date an entry after its names
# print it: "Karthik Narasimhan, and Yuan Cao. 2023. React: synergizing ...", "Smith, J. 2019a. Title." The
# stop before the year is consumed, so a search skips in C to the next "." or ",": ". 2023." in "Yuan Cao. 2023."
REF_YEAR_SENTENCE_SCAN = re.compile(r"[.,] \s+ (?P<year> (?:1[89]|20) \d\d ) (?P<suffix> [a-z] )? \. (?= \s | \Z )", X)

# Digits, ignored when running heads are compared across pages: "Page 12 of 14" → "page # of #". (A digit
# first, for CPython's fast scan to it: "\d+" opens with a repeat, tried at every position; see "Speed" at the top.)
REF_DIGITS = re.compile(r"\d\d*")

# Something that may be an identifier broken across lines: "10.1001/", "https://", "arXiv:2104.".
REF_ID_HINT = re.compile(r"10\.\d|http|www\.|a(?i:rxiv|bs/)|A(?i:rxiv|bs/)")  # (?i:arxiv|abs/) by its first letter (see X)

# A line break inside an identifier, and the spaces after it: after a character that cannot end one, or
# after a dot that a lower-case letter or digit continues: "doi.org/10.1001/\narchinternmed",
# "10.1016/j.\ncell.2020" (not "…2461591.\nURL http://…"). It opens with the break and checks the character
# before it behind, so a search skips in C from one line break to the next (see "Speed" at the top).
REF_BREAK_INSIDE_ID = re.compile(r"\n(?:(?<=[/\-_=?&:]\n)\s*(?=\S)|(?<=\.\n)\s*(?=[a-z0-9]))")

# An accent the extractor set as a character of its own, with the letters around it: "M¨uller",
# "So¨derba¨ck", "Cs´anyi".
REF_SPACING_ACCENT = re.compile(r"(\w?)([¨´`ˆ˜¸ˇ˚˝˘])\s?(\w?)")

# An identifier, blanked before years and names are read: "https://doi.org/10.1016/j.cell.2019.01.001",
# "doi: 10.1080/08927014.1995.9522969".
REF_ID_SPAN = re.compile(r"(?:https?://|www\.|doi:\s*|10\.\d{4,9}/)\S+", re.IGNORECASE)

# A generational suffix after a name: "Bommarito II,", "Brooks, C. L., III", "Meyer Jr".
NAME_SUFFIX_AFTER = re.compile(r",?\s*(?:Jr|JR|Sr|SR|II|III|IV)\b\.?")

# The rest of an "et al." glued to the surname before it: "Paparellaet al." → " al".
NAME_GLUED_AL = re.compile(r"\s?al\b")

# One digit (counted in a title candidate: "ApJ, 786, 148" is no title).
REF_DIGIT = re.compile(r"\d")

# A word in a title candidate's trailing part: "IEEE", "Sensors", "Journal" in ", IEEE Sensors Journal 15 (11)".
TITLE_WORD = re.compile(r"[^\W\d_][\w'’\-]*")

# ------------------------------------------------------------------- one entry (references/entry.py)

# A list's label left at the start of an entry's text (XML readers and extractors keep it): "[26] S. Scherer",
# "17.Creed PA", "6. Myers T", "[ 47]T. Sotiriou", "(3) Smith", "11 E. W. Becker", "32-Sharma D", a bullet
# ("• Cornwall, Mark."); not a year ("2019. Title").
ENTRY_LABEL = re.compile(
    r"""\s* (?: \[ \s* \d{1,4} \s* \] | \( \d{1,4} \) | \d{1,3} \. (?! \d ) | \d{1,3} \s+ (?= [A-Z] ) | \d{1,3} - (?= [A-Z][a-z] )
              | [•▪◦∙·‣] ) \s* (?= [^\W\d_] | [\"“‘'«] )""", X)

# A space set before punctuation instead of after it (some extractors place the gap at the wrong side of
# a glyph): "Phys .Rev .Lett .116", "C .Cartier ,J .Hwang", "merger ,Phys", "( 2016)".
ENTRY_SPACE_BEFORE_PUNCT = re.compile(r"[ \t]+ (?P<p> [,.;:] ) (?P<glued> (?! [\s,.;:)\]] | $ ) )?", X)
ENTRY_SPACE_IN_PARENS = re.compile(r"(?<= \( ) [ \t]+ | [ \t]+ (?= \) )", X)

# The next field glued to a DOI (the extractor lost the space): ".URL http", ".PMID:20847271", "[arXiv:…",
# ",arXiv", "[doi]" (PubMed's tag), "[" of a bracket that follows; not the brackets of an old SICI DOI
# ("10.2981/0909-6396(2005)11[101:EORCCS]2.0.CO;2").
ENTRY_DOI_TAIL = re.compile(
    r"\. (?= (?: URL | PMID | PMCID | ISSN | ISBN | arXiv | Epub | http ) ) | \[ (?= (?i: arxiv | doi | pii ) | $ ) | , (?= [A-Za-z] )", X)

# APA's words for a work without a year, in a list's entry and in the text alike: "n.d.", "n.d.-a", "in press",
# "forthcoming" ("Baker, T. (n.d.). A page.", "(Smith, n.d.)", "Lee (in press)").
_NO_YEAR = r"(?:n\.\s?d\.(?:-[a-z]\b)?|in\s+press(?:-[a-z]\b)?|forthcoming)"

# What the title starts after: the year and its punctuation, "(2019a).", ". 2018.", ", 2015,", a date with
# it ("(1997, February 5).", "(2013, May)"), and an editors' mark after the names ("eds.,", "(Eds.)",
# "(Hrsg.)", "(dir)", "editors,").
ENTRY_TITLE_LEAD = re.compile(
    r"""[\s.,;:]*
    (?: (?: \( (?:1[89]|20)\d\d [a-z]? (?: , [^()]{1,25} )? \) | (?:1[89]|20)\d\d [a-z]? ) (?! [\d–\-] ) [\s.,;:]*
      | \( """ + _NO_YEAR + r""" \) [\s.,;:]* )?
    (?: \(? (?i: eds? | editors? | hrsg | dir | coord | comp ) \.? \)? (?! \w ) [\s.,;:]* )?
    (?: (?: \( (?:1[89]|20)\d\d [a-z]? (?: , [^()]{1,25} )? \) | (?:1[89]|20)\d\d [a-z]? ) (?! [\d–\-] ) [\s.,;:]*
      | \( """ + _NO_YEAR + r""" \) [\s.,;:]* )?
    """, X)

# APA's words in place of an entry's year, in parentheses after its names: "(n.d.)", "(n.d.-a)", "(in press)",
# "(forthcoming)". Such an entry has no year, whatever date it was read on.
ENTRY_NO_YEAR = re.compile(rf"\({_NO_YEAR}\)")

# A quoted title (IEEE, Hindawi, MLA, Korean and Chinese lists): “Shattuck lecture: cardiovascular medicine
# at the turn of the millennium,”, ``Telnet Encryption Option,'', 'Polarimetry for weather surveillance
# radars.', ‘Appraising the Legacy of Bandung’, « Enjeux socio-culturels … ». An apostrophe inside a word
# ("children's") does not close a single quote.
ENTRY_QUOTED_TITLE = re.compile(
    r"""(?: “ (?P<t1> [^”]{6,400} ) ”
          | " (?P<t2> [^"]{6,400} ) "
          | `` (?P<t3> [^'`]{6,400} ) ''
          | „ (?P<t4> [^“”]{6,400} ) [“”]
          | « \s* (?P<t5> [^»]{6,400} ) »
          | (?<! \w ) ‘ (?P<t6> (?: [^’] | ’ (?= \w ) ){6,400} ) ’ (?! \w )
          | (?<! \w ) ' (?! ') (?P<t7> (?: [^'] | ' (?= \w ) ){6,400} ) ' (?! \w ) )""", X)

# A mark that may open a quoted title (ENTRY_QUOTED_TITLE is tried at each): “ " `` „ « ‘ '.
ENTRY_QUOTE_MARK = re.compile(r"[“\"`„«‘']")

# A bracket or a comma, where a title candidate's parts are cut: "Title, Journal, 80 (3), 241-268".
ENTRY_BRACKET_OR_COMMA = re.compile(r"[()\[\],]")

# A book's publisher, place and year in parentheses after its title (physics, law, history):
# "Anomalies in Quantum Field Theory (Oxford Univ. Press, 2000).", "(New York: W.W. Norton, 2004)",
# "(Wiley, New York), 1977", "(Springer, New York, 2002)"; not a parenthesis the title goes on after
# ("shark (Richardson, 1836) off the coast", "(Amphibia, Anura, Leptodactylidae), with comments on") nor one
# that opens in lower case ("(in German)"). It names a year or a publisher, in it or just after it: a list of
# taxa or places in parentheses is the title's ("(Coleoptera: Curculionidae)", "(Gyimes, Eastern Carpathians)");
# or it is a place and its publisher ("(New York: Springer)").
ENTRY_PUBLISHER_PAREN = re.compile(
    r"""\s* \( (?= [A-Z] [^()]{1,120} [,:] [^()]* \) \s* (?: [.;\[(] | , (?! \s* [a-z] ) | $ ) )
        (?= [^()]* (?: \b (?: 1[5-9] | 20 ) \d\d \b | (?i: press | publish | publication | verlag | books? \b | univ ) )
          | [A-Z][\w.'’\-]* (?: \s+ [A-Z][\w.'’\-]* ){0,2} \s* : \s* [A-Z]
          | [^()]* \) \s* ,? \s* (?: 1[5-9] | 20 ) \d\d \b )""", X)

# A series or a report number in parentheses after a title (ISO 690, Chicago, APA): "The Fokker-Planck Equation
# (Springer Series in Synergetics vol 18)", "(Advanced Studies in Contemporary Mathematics)", "My pedagogic creed
# (No. 25)", "(Working Paper No. 13987)".
ENTRY_SERIES_PAREN = re.compile(
    r"""\s* \( (?= (?: [^()]* \s )? (?: [Ss]eries | [Vv]ol \.? \s* \d+ | No \. \s* \d+ | [Ww]orking \s+ [Pp]aper | [Mm]onographs?
                                   | [Ll]ecture \s+ [Nn]otes | [Ss]tudies \s+ in ) \b [^()]* \) )""", X)

# A name of one word between the commas of a "Surname Initials" list (Indonesian and other mononyms):
# "Mumpuni, " in "McGuire JA, Brown RM, Mumpuni, Riyanto A".
ENTRY_MONONYM = re.compile(r"(?P<sur>[A-Z][^\W\d_]+(?:-[A-Z][^\W\d_]+)?),\s+")

# A person's "Surname Initials" before a comma, opening an entry: "Bell DM, World Health Organization Writing
# Group" is a list of authors, not an organisation.
ENTRY_PERSON_FIRST = re.compile(r"[A-Z][\w'’\-]+\s+[A-Z]{1,3}\.?,")

# A forename and an initial: a name the author parser could not finish ("Robert P. Chase, Jr.") is still a name.
ENTRY_INITIALLED_NEXT = re.compile(r"\s*[A-Z][\w'’\-]+\s+[A-Z]\.")

# A subtitle after a year inside a title, matched just past the year: ": The physical science basis" in
# "Climate change 2013: The physical science basis".
ENTRY_YEAR_SUBTITLE = re.compile(r":\s+[A-Za-z]")

# What opens a venue after a title's stop, matched just past the stop: " In Proceedings", " In: J. Smith (ed.)".
ENTRY_VENUE_OPENS = re.compile(r"\s+In[:\s]")

# An IEEE or AMS mark for "the same authors as the entry above", in place of the names: "———,", "--, C. W.
# Landsea", "--, --, and M. A. Saunders", "____. 2001."
ENTRY_SAME_AUTHORS = re.compile(r"(?: \s* [-–—_]{2,} \s* [.,]? \s* (?: (?: and | & ) \s+ )? )+", X)

# A collaboration named before its members (particle physics, astronomy): "GEANT4 Collaboration, S.
# Agostinelli et al.", "Particle Data Group Collaboration, K. A. Olive", "CMS collaboration, Determination",
# "CKMfitter group, J. Charles et al.", "ATLAS Collab. (G. Aad et al.)" (its members inside the brackets),
# a software's team ("R Core Team (2020)", "R Development Core Team, 2012"),
# "Virgo, LIGO Scientific collaboration, B.P. Abbott et al." (two groups).
ENTRY_COLLABORATION = re.compile(
    r"""(?P<group> (?: The \s+ )? (?: [\w\-&]+ \s+ ){0,5}
                  (?: [Cc]ollaborations? | COLLABORATION | Collab\. | [Cc]onsortium | [Gg]roup | Team )
                | [\w\-&]+ , \s+ (?: [\w\-&]+ \s+ ){1,4} [Cc]ollaborations? ) \s* (?: [,:;] \s* | (?<! \. ) \. \s+ | \( (?= [A-Z]\. ) | (?= \( ) )""", X)

# A group author before the year, when no person's name opens the entry: "The Cancer Genome Atlas Research
# Network (2008)", "National Academies of Sciences, Engineering, and Medicine, 2016.", "World Health
# Organization. 2019."; words in capitals with minor words between them, and no sentence end.
ENTRY_GROUP_AUTHOR = re.compile(
    r"""(?P<group> [A-Z][\w&'’\-]* (?: ,? \s+ (?: (?: of | for | and | the | on | in | de | des | du | la | und | für ) \s+ )*
                    (?: [A-Z&][\w&'’\-]* | \( [A-Z]{2,} \) ) ){1,12} )
        (?= \s* (?: \( \s* | , \s* | \. \s+ ) (?: 1[89] | 20 ) \d\d )""", X)

# An organisation as the author, named by what it is, before a full stop and the title: "Centers for
# Disease Control and Prevention. Update: trends in AIDS incidence", "Society of Critical Care Medicine.
# Guidelines for ...", "World Health Organization. Global report", "European Environment Agency (EEA).
# Environmental Indicators"; or before its year, as author-year lists date an entry: "World Health
# Organization, 2019.", "National Research Council. 2011.", "European Commission (2015)"; or by its acronym
# alone before a full stop: "CICES. Common International Classification", "UNESCO-IPBES. The Contribution of ...".
_ORGANISATION = r"""
    (?: [A-Z][\w&'’\-]* ,? \s+ (?: (?: of | for | and | the | on | in | de | des | du | la | und | für )
                                   \s+ )* ){0,8}
    (?: Centers? | Centres? | Department | Society | Association | Institute | Organi[sz]ation | Agency | Ministry
      | Office | Council | Commission | Committee | Bureau | Board | Foundation | Network | Federation | Academy
      | Academies | Service | Administration | Authority | Union | Programme | Program | Survey )
    (?: ,? \s+ (?: (?: of | for | and | the | on | in ) \s+ )* [A-Z][\w&'’\-]+ ){0,8}"""  # words: no initial
_ORGANISATION_ACRONYM = r"(?: \s* \( [A-Z]{2,10} \) )?"
ENTRY_ORGANISATION = re.compile(
    rf"""(?P<group> {_ORGANISATION}
                    (?= {_ORGANISATION_ACRONYM} \s* (?: \. \s+ [A-Z] | [,.]? \s* \(? (?: 1[89] | 20 ) \d\d ) )
                | [A-Z]{{2,}} (?: [-/&] [A-Z]{{2,}} )* (?= {_ORGANISATION_ACRONYM} \s* \. \s+ [A-Z] ) )
        {_ORGANISATION_ACRONYM}""", X)

# More places where a title ends and what follows it starts, besides TITLE_VENUE: an editor ("…Symmetry
# Energy, edited by Li B. A.", "…the Tale, ed. by Mary Lord"), GOST's "//" before the venue ("Gravity
# Gradiometry - Today and Tomorrow // 11th SAGA Meeting"), a title set off by "; " from the editors or
# publisher of the book (ACS: "Multivariate Calibration; Martens, H., Naes, T., Eds.; Wiley: New York"),
# ", Proceedings of ...", an identifier or an edition in brackets or after a comma ("… theory (arXiv:hep-th/
# 0306074)", "… violation, arXiv:1401.4024", "Black’s Law Dictionary (2nd ed)", "…, 3rd edn"), a
# lower-case ", in Proceedings".
# Callers ask only where the first stop is. Each alternative opens with a space, a comma, a bracket or a
# semicolon, consumed and checked behind it, so a search skips in C to the next one (see "Speed" at the top); a
# space after a space starts no match and runs of spaces are taken whole, so a URL blanked to spaces costs one
# pass, not one a space.
_STOP_BY = r"(?: (?: edited | translated | compiled ) \s+ by | (?: ed | eds | trans ) \. \s+ by ) \b"
_STOP_BRACKETED = r"(?i: arxiv | https? : | doi | e-print ) | \d+ (?: st | nd | rd | th ) \s* (?i: ed | edn | edition ) \b"
# What opens the part after a title's comma when that part says where or how the work appeared: a talk
# ("Hadron Structure, plenary talk given at ..."), a work to come ("…, to appear in ACM Transactions"), a
# book in a series ("…, volume 36 of Mathematical Notes", "…, Lecture Notes in Physics 818", "…, Springer
# Series in Synergetics"), a web address, a publisher, its name ending in a
# publisher's word ("…, Oxford University press (1995)", "…, Cambridge Univ. Press, Cambridge", "…, Kluwer
# Academic Publishers").
_STOP_AFTER_COMMA = r"""(?: (?: plenary \s+ | invited \s+ )? talk \s+ (?: at | given | presented ) \b | to \s+ appear \b
    | volume \s+ \d+ \s+ of \b | (?i: https? : | www\. ) | (?: [A-Z][\w\-]* \s+ ){0,3} (?: Lecture \s+ Notes | Series ) \b
    | (?: [A-Z][\w.'’\-]* \s* ){1,4} (?i: press | publishers? | publishing | verlag ) \b (?! \s* [a-z] ) )"""
ENTRY_TITLE_STOP_SCAN = re.compile(
    rf"""[\s,(\[;]
    (?: (?<= , ) (?: \s++ {_STOP_BY}
                   | \s*+ (?= (?: Proceedings | Proc\. ) \s | (?i: arxiv | e-print | preprint ) \b
                            | \d+ \s? (?: st | nd | rd | th | n \s d | r \s d ) \.? \s* (?i: ed | edn | edition ) \b
                            | in \s+ (?: Proceedings | Proc\. )
                            | {_STOP_AFTER_COMMA} ) )
      | (?<= \s ) (?<! \s\s ) \s*+ (?: {_STOP_BY} | // \s+ | [(\[] (?= {_STOP_BRACKETED} ) )
      | (?<= [(\[] ) (?= {_STOP_BRACKETED} )
      | (?<= ; ) \s++ (?= [A-Z][\w'’\-]+ , \s* [A-Z] \. | [A-Z][\w&\-]* (?: \s+ [A-Z][\w&\-]* ){{0,3}} : \s+ [A-Z] ) )""",
    X)

# A book's place and publisher after its title: "Brasilia: Comisión Económica", "New York: Wiley",
# "Cambridge, MA: MIT Press".
ENTRY_PLACE_PUBLISHER = re.compile(r"\s* [A-Z][\w'’\-]* (?: ,? \s+ [A-Z][\w'’\-.]* ){0,3} \s* : \s+ [A-Z]", X)

# A line that opens with a book's place as APA and Chicago give it, a city and its state's code, then the
# publisher: "Cambridge, MA: MIT Press.", "Chicago, IL: University of Chicago Press." (no name: an initial has
# its full stop, "Smith, J.: Title").
ENTRY_PLACE_STATE = re.compile(r"[A-Z][a-z]+ (?: \s [A-Z][a-z]+ )? , \s [A-Z]{2} : \s+ [A-Z]", X)

# GOST 7.1's mark between a title and the journal or book that holds it (Russian lists): "Title // Journal. 2019."
# (Not a URL's: "http: //www.r-project.org", its scheme's colon before it.)
ENTRY_IN_HOST = re.compile(r"(?<=[^\s:])\s+//\s")

# The document type's code that GB/T 7714 (China's national standard for references, in Chinese and English
# papers alike) sets right after a title: "[J]" a journal article, "[C]" a conference paper (then "//" and its
# proceedings), "[M]" a book, "[D]" a thesis, "[R]" a report, "[EB/OL]" and "[J/OL]" online ones.
ENTRY_TYPE_CODE = re.compile(r"\[ (?: [JCMDRNPSZAGK] | EB | DB | CP ) (?: / OL )? \] (?: \s* // )?", X)

# A segment of a title after its first stop, when the title goes on: a Roman part number ("The structure of
# mononuclear phagocytes. III. The effect of ..."), "Part II", and a part with its own title after a colon
# ("Cluster analysis of typhoon tracks. Part I: General properties").
ENTRY_TITLE_PART = re.compile(r"\s* (?: (?: Part | Pt\. ) \s+ (?: [IVX]{1,5} | \d{1,2} ) (?: \s* : \s+ \S.* )? | [IVX]{1,5} ) \s* \Z", X)

# --------------------------------------------------------------------------------------- citations
# (citations.py: append its patterns here)

# A numbered citation in square brackets, its body a list of numbers and ranges:
# "[12]", "[3-7]", "[3–7]", "[3, 7, 9-11]", "[3; 7]". ("[10 mm]" and "[0, 1]" fail in citations._numbers.)
# A note may open it, as natbib's \citep[see][]{} and its kin print one: "[see 4]", "[e.g., 5, 6]", "[cf. 7]";
# and a number may name one work of an entry that lists several, a) b) c), as chemistry's journals cite
# them: "[12a]", "[3a,b]", "[3a–c]" (NUM_SUB_LETTERS reads them as the entry's number). Citations typed by
# hand join the last two numbers as a sentence joins words: "[3 and 5]", "[2, 4, and 9]", "[1–3 & 7]" (NUM_AND).
# (The word or sign joining a bracket's last two numbers: NUM_AND.)
_NUM_AND = r"\s*,?\s+and\s+|\s*,?\s*&\s*"
NUM_BRACKET = re.compile(
    rf"""
    \[ (?: (?i: see (?: \s+ also )? | e\.g\. ,? | cf\. | i\.e\. ,? | also | for \s+ example ,? ) \s+ )?
    (?P<body> \s* \d{{1,4}} [a-h]?
      (?: (?: \s* [-–—‐−,;] \s* | {_NUM_AND} )
          (?: \d{{1,4}} [a-h]? | [a-h] (?! [\w.] ) ) )*
    \s* ) \]
    """,
    X,
)

# The word or sign joining a bracket's last two numbers (NUM_BRACKET), read as a comma: "3, and 5" → "3,5".
NUM_AND = re.compile(_NUM_AND)

# The letters that name works within an entry, after its number: "12a" → "12", "3a,b" and "3a–c" → "3".
NUM_SUB_LETTERS = re.compile(r"(?<=\d)[a-h](?:\s*[,–\-]\s*[a-h](?![\w.]))*")

# An alphabetic citation label (amsalpha, alpha, LNCS "alpha" styles): the authors' initials or the first
# letters of a single author's name, "+" for more authors, the year's last two digits and a letter for a
# second work of the year: "Knu84", "GJ79", "BCD+05", "C+15", "Tho18b", "ZSVG+16", "Ko12". A name's particles
# lead in lower case (alpha.bst takes the von part's initials: "vdH10" for van der Hoeven, "dG05"), and a name's
# letters stay as written ("Mül99", "Erd47", "Łuk51").
_ALPHA_KEY = r"[a-z]{0,3}[A-ZÀ-ÖØ-ÞĀ-Ž](?:[^\W\d_]|-){0,10}\+?\d{2}[a-z]?"
ALPHA_KEY = re.compile(_ALPHA_KEY)

# A citation by alphabetic labels, one or several, with a locator after the last: "[Knu84]", "[GJ79, BCD+05]",
# "[AL11, S. 364]", "[Tho18a; Tho18b]", "[HBB+06, Theorem 2.1]".
ALPHA_BRACKET = re.compile(
    rf"""
    \[ (?P<body> {_ALPHA_KEY} (?: \s* [,;] \s* {_ALPHA_KEY} )* ) (?P<tail> \s* , \s* [^\[\]]{{1,40}} )? \]
    """,
    X,
)

# An entry's alphabetic label at the start of its text, where the list keeps it there: "[AAB+15] M. Abadi, ...".
ALPHA_LABEL_START = re.compile(rf"\[ (?P<key> {_ALPHA_KEY} ) \]", X)

# Entries named in the sentence by number, in numbered and superscript documents: "ref. 41", "refs 29 and 30",
# "Refs. 3–5", "ref 35". The word boundary is a lookbehind after the "R" (the same test), so the engine skips
# straight to each "R" and "r".
REF_WORD_NUMBERS = re.compile(
    r"""
    [Rr] (?<! \w [Rr] ) efs? \.? \s* (?P<body> \d{1,4} (?: \s* (?: [-–—,] | and ) \s* \d{1,4} )* ) \b (?! \s* [.,]? \d)
    """,
    X,
)

# A numbered citation with a locator after its numbers: "[31, Ch. 3]", "[19, Chapter 7.3]", "[7, Lemma A.12]",
# "[5, Theorem 3]", "[12, p. 4]", "[3, §2.1]", "[8, Sect. 4]"; its label may be in parentheses and a finer part
# may follow: "[2, Equation (6.3)]", "[17, Theorem 2, item 1]", "[4, Ch. 3, p. 12]"; in the paper's language:
# "[12, S. 4]", "[3, Kap. 2]", "[5, Satz 1]", "[9, Bd. 2, S. 5]", "[1, pág. 3]", "[2, cap. 4]"; GOST's in Russian
# and the languages that follow it, "[10, с. 45]", "[5, стр. 7]", "[3, т. 2, с. 5]", "[8, гл. 2]".
_LOCATOR = r"""
    (?P<body> \s* \d{1,4} (?: \s* [-–—‐−,;] \s* \d{1,4} )* ) \s* , \s*
      (?: pp? \. | ch \. | chap \. | chapter | sect? \. | section | § | thm \. | theorem | lemma | prop \.
        | proposition | cor \. | corollary | def \. | definition | eqs? \. | equations? | fig \. | table | appendix
        | app \. | algorithm | remark | example | part | vol \. | p \. \s* \d
        | ss? \. | kap \. | kapitel | abschn \. | abschnitt | satz | abb \. | tab \. | gl \.
        | págs? \. | cap \. | capítulo | théorème | bd \.
        | с \. | стр \. | т \. | гл \. | рис \. | табл \. )
      \s* \(? [\w.–\-]{1,12} \)? (?: \s* , \s* [^\W\d_]{1,10} \.? \s* \(? [\w.–\-]{1,12} \)? ){0,2} \s*"""
NUM_BRACKET_LOCATOR = re.compile(r"\[" + _LOCATOR + r"\]", X | re.IGNORECASE)

# A variable of one or two letters glued to the bracket after it, matched at the end of the text before it:
# an index, not a citation ("t[1] and t[2]" principal components, "to[1]" in MDPI's metabolomics paper,
# "x[n]"); a citation is spaced or follows a longer word or punctuation ("shown [1]", "al.[2]", "et al[3]").
INDEX_BEFORE = re.compile(r"(?<![\w.])(?<!et\s)[^\W\d_]{1,2}\Z")

# A range written as two bracketed numbers: "[3]–[6]", "[3]-[6]".
NUM_BRACKET_RANGE = re.compile(r"\[\s*(?P<a>\d{1,4})\s*\]\s*[-–—−]\s*\[\s*(?P<b>\d{1,4})\s*\]")

# A numbered citation in parentheses, in documents set that way (NAR, ASM, PNAS): "(1)", "(2,3)", "(8–10)".
NUM_PAREN = re.compile(
    r"""
    \( (?P<body> \s* \d{1,3} (?: \s* [-–—‐−,;] \s* \d{1,3} )* \s* ) \)
    """,
    X,
)

# ... with a locator after its numbers, as in brackets: "(31, Ch. 3)", "(12, p. 4)"; no parentheses inside it
# ("(5, Theorem 3), not (3, blue)" is one citation).
NUM_PAREN_LOCATOR = re.compile(r"\(" + _LOCATOR.replace(r"\(?", "").replace(r"\)?", "") + r"\)", X | re.IGNORECASE)

# One part of a number list: "12" or "9-11" / "9–11" (a range's dash in any glyph: a font may print its en dash
# as the minus sign, "9−11").
NUM_LIST_PART = re.compile(r"(?P<a>\d{1,4})(?:\s*[-–—‐−]\s*(?P<b>\d{1,4}))?")

# What follows a list item's number at a line start: "[1] TSPNet: Hierarchical ...", "(2) Mechanisms for ...".
ENUMERATION_AFTER = re.compile(r"[ \t]*[A-ZÀ-Þ\"“‘]")

# What follows an item's number in a list run into the text, "(2) heating": a word, not punctuation, nor a
# conjunction or preposition going on with the sentence ("(2) and", "(2) in").
ENUMERATION_ITEM = re.compile(
    r"""\s+ (?! (?: and | or | in | of | to | for | with | on | at | by | as | from | but | which | that
                   | was | were | is | are ) \b ) [^\W\d_]""",
    X | re.IGNORECASE,
)

# ... or any word but a conjunction that joins the number to what follows: "(1) is precise and (2) contains".
ENUMERATION_ITEM_ANY = re.compile(r"\s+ (?! (?: and | or | nor ) \b ) [^\W\d_]", X | re.IGNORECASE)

# A full stop that ends a sentence: not before a lower-case word ("i.e. blood", "et al. found").
SENTENCE_STOP = re.compile(r"\.\s+(?![a-z])")

# What stands right before the last item of a list run into the text: "and", "or" (after a comma or a
# semicolon), "... large and (2) whether"; searched up to the item's number.
ENUMERATION_CONJOINED = re.compile(r"(?<![^\W\d_]) (?: and | or ) [ \t\n]* \Z", X | re.IGNORECASE)

# ... or a comma or a semicolon, the item opening its clause: "(1) cooled the sample, (2) dried it".
ENUMERATION_PUNCTUATED = re.compile(r"[,;][ \t\n]*\Z")

# What follows a numbered citation in parentheses that a line break put at a line's start: punctuation or
# the sentence's next lower-case word, "(12).", "(12), and", "(12) showed"; not "(1) {eq:...}", "(2) Methods".
PAREN_CITATION_AFTER = re.compile(r"[ \t]*(?:[.,;:)\]]|[a-z]|\Z|[\n\f])")

# A lower level's run-in head numbered in parentheses after its section's, in one phrase of the heading face:
# ". (i) " of "Pipeline development. (i) Pipeline overview.", ". (2) " of "Assays. (2) Growth curves.".
RUN_IN_NESTED = re.compile(r"\.\s+\((?:[ivx]{1,4}|\d{1,2}|[a-h])\)\s+[A-Z]")

# A capitalised noun that names a numbered part of the paper itself before its number in parentheses: "Study (2)",
# "Experiment (3)", "Hypothesis (1)", "Step (3)", "Lemma (2)". A citation's number follows the claim or a name; a
# noun in lower case may end a claim ("a mouse model (4)"), one capitalised mid-sentence is a label. Searched up
# to the number.
PART_LABEL_BEFORE = re.compile(
    r"""\b (?: Study | Experiment | Hypothes[ie]s | Model | Step | Phase | Stage | Condition | Scenario | Group | Type
            | Aim | Question | Lemma | Theorem | Proposition | Corollary | Definition | Assumption | Claim | Problem
            | Algorithm | Procedure | Criterion | Part | Specification | Task | Session | Wave | Cohort ) \s* \Z""",
    X,
)

# Words that make a parenthesised number an equation reference: "Eq. (3)", "equations (4)", "Eqs. (2) and".
EQUATION_BEFORE = re.compile(r"(?:\beqs?\.?|\bequations?|\bformulae?|\binequalit(?:y|ies))\s*$", re.IGNORECASE)

# A superscript run of citation numbers as extracted: "8", "9,10", "1–4", "1,3,5", "12-"; a range's dash in any
# glyph a font prints it as ("1—4", "1−4"): a raised dash is no sentence's; closed by a parenthesis where the list
# labels its entries "12)", as Japanese journals do: "1,2)", "3–5)".
SUPERSCRIPT_MARKER = re.compile(r"[\d⁰¹²³⁴⁵⁶⁷⁸⁹][\d⁰¹²³⁴⁵⁶⁷⁸⁹,–—\-−⁻\s]*,?\)?")

# A later piece of a superscript run, as extracted item by item: "–", ",", "5", "10,", "5)".
SUPERSCRIPT_PIECE = re.compile(r"[\d⁰¹²³⁴⁵⁶⁷⁸⁹,–—\-−⁻\s]+\)?|\)")

# Unicode superscript digits set in the body font: "shown¹⁻⁴", "before¹²", "worldwide.¹" (AMA's, after the stop),
# glued to what they follow (citations.py then rules out powers, "m²", "x²", "10⁷", as for raised numbers). The
# first digit comes before the lookbehind that checks the character ahead of it (the same test), so the engine
# skips straight to the digits.
# A citation ends its word: a space or punctuation follows it, not another letter or sign ("È¹¾" is a
# code a font without a Unicode map spells in whatever characters its codes happen to name).
UNICODE_SUPERSCRIPT = re.compile(
    r"""[⁰¹²³⁴⁵⁶⁷⁸⁹] (?<= [^\s⁰¹²³⁴⁵⁶⁷⁸⁹⁻] [⁰¹²³⁴⁵⁶⁷⁸⁹] ) [⁰¹²³⁴⁵⁶⁷⁸⁹]* (?: [⁻,–] [⁰¹²³⁴⁵⁶⁷⁸⁹]+ )*
        (?! [^\s.,;:)\]’'"”?!] )""", X)
# Two raised numbers a list's comma or a range's dash parts: "36,37", "5–7", "2−7" (ACS's minus); a power has one.
RAISED_GROUP = re.compile(r"\d\s*[,–—−-]\s*\d")

SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")

# What an affiliation or address holds, so a raised number opening such a line labels an affiliation, not a
# note: "2Department of Bioengineering, University of Illinois", "5Cancer Center at Illinois", "✉ e-mail: a@b.org".
AFFILIATION_WORDS = re.compile(
    r"""
    (?<![^\W\d_]) (?: universit | department | dept\b | institut | laborator | school\b | college\b | hospital
        | cent(?:er|re)s?\b | faculty | division\b | academy | clinic | foundation | inc\b | gmbh | ltd\b
        | corporation | ministry | program(?:me)?\s+in | graduate\s+school
        | universidad | universit[äé] | facult[eé] | klinik )
    | @ | \be-?mail\b | \borcid\b
    """,
    re.IGNORECASE | X,
)

# An operator right after a raised number: it is an exponent in a formula, "(R2 = 0.93)", "x2 + y2", "m2/s".
SUPERSCRIPT_OPERATOR_AFTER = re.compile(r"[ \t]*[=<>≤≥≈±×·+/÷]")

# An operator, a relation, a bar or a Greek letter: what mathematics holds and names do not (the hyphen apart).
_MATH = "=<>≤≥±×·+/÷−|‖\u0370-\u03ff\u2200-\u22ff"
MATH_SYMBOL = re.compile(f"[{_MATH}]")

# What a word before a raised number ends with when the number is its exponent or index: an operator or
# a minus ("ns−1", "B−1", "10−3"), a Greek letter ("σ2", "λ2"), a norm's or absolute value's bar ("‖x‖2").
SUPERSCRIPT_MATH_BEFORE = re.compile(f"[{_MATH}\\-]\\Z")

# Three letters in a row: a word, not a variable or a symbol ("(2π)", "(β0)", "(K21, σ)" hold none).
WORD_OF_THREE = re.compile(r"[^\W\d_]{3}")

# A year in an author-year citation, with its suffix: "2019", "2019a", "1998b".
YEAR = re.compile(r"\b(?P<year>1[6-9]\d{2}|20\d{2})(?P<suffix>[a-z])?\b")

# An author list that ends with "et al.", matched at the end of the names: "Smith, X. et al.", "Lee J, et al.",
# "R. Jones, et al.,". Its word boundary is checked behind the "et" it consumes, so a search skips to each "et"
# in C.
ENTRY_ET_AL_END_SCAN = re.compile(r"et (?<= \b et ) \s* al \b \.? [\s,.;:]* \Z", X)
# ... and in the list's language ("u. a.", "y cols.", "и др."), searched only where such a word stands.
ENTRY_ET_AL_OTHER_END = re.compile(rf"(?<! \w ) {_LIST_ET_AL_OTHER} [\s,.;:]* \Z", X)

# Chinese and Japanese ideographs and Korean syllables: names with no capitals ("张三", "山田", "김성철").
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3"
# ... with the kana: the letters a figure's label runs on into in those languages' text ("图1所示", "図2に").
_CJK_TEXT = "\u3040-\u30ff" + _CJK

# A name in Chinese, Japanese or Korean opening a reference list's entry: two to five characters of the script (a
# surname and a given name, no space between) and the punctuation after them ("이정명, ...", "张三, 李四.",
# "山岸 喬. 2016.": a space may part the two names too).
CJK_NAME_START = re.compile("[" + _CJK_TEXT + r"]{2,5}(?:\s[" + _CJK_TEXT + r"]{1,3})?\s?[,.，、．·・(（]")

# A surname, particles and diacritics included: "Smith", "van der Berg", "Dos Reis", "Müller", "F¨arber", "O'Neil",
# "Subrama-\nnian" (hyphenated at a line end); after a digit too, where a note's number is glued to the
# note's first word: "10Carroll and Kimball (1996) proved".
_NAME_PARTICLES = "van von de der den del della di da du le la dos das ten ter".split()
NAME_PARTICLES = frozenset(_NAME_PARTICLES)
_NAME = (r"(?<![^\W\d_\u3040-\u30ff])"  # (after kana too: a Japanese particle before a name)
         r"(?:(?:" + "|".join(_NAME_PARTICLES) + r"|St\.)\s+"  # lower case: before another too
         r"|(?:" + "|".join(w.capitalize() for w in _NAME_PARTICLES if w not in ("ten", "ter")) + r")\s+"
         r"(?=[" + _UP + r"]|(?:" + "|".join(_NAME_PARTICLES) + r")\s))*"  # capitalised ("Dos Reis", "Di
         # Gaspero", "Van der Berg" opening a sentence): before the name's capital or another particle only
         r"[" + _UP + _CJK + r"][\w'’¨´`\-]*[\w](?:-[\n\f][a-z]\w*)?")  # "Subrama-\nnian" broken at a line end
# A citation's years: "2019", "2006a,b, 2009", "2018a, b"; the last joined by a word, as a list is: "2008 and 2009",
# "2019a & 2019b", "2002 und 2010" (a year whole after a word: "2019 and a review" is a year and prose).
_YEAR = r"(?:1[6-9]\d{2}|20\d{2})"
# ... or APA's words for a work without one (_NO_YEAR).
NO_YEAR = re.compile(rf"(?P<word>{_NO_YEAR})", re.IGNORECASE)
_YEARS = (rf"(?:{_YEAR}[a-z]?|{_NO_YEAR})(?:\s*,\s*(?:{_YEAR}[a-z]?|{_NO_YEAR}|[a-z]\b)"
          rf"|(?:\s+{_AND}\s+|\s*&\s*)(?:{_YEAR}[a-z]?\b|{_NO_YEAR}))*")
# ... and what stands between two of them.
YEARS_SEPARATOR = re.compile(rf"\s*,\s* | \s+ {_AND} \s+ | \s*&\s*", X)

# "et al." as papers write it in their languages: German "u. a.", Spanish "y col." ("y cols."), Portuguese "e col."
# ("e cols."), French "et coll.", Russian "и др.", Greek "κ.ά." (most write "et al." in any language); and in
# words, as a sentence names a group by its first author: "Smith and colleagues (2019)", "Smith and co-workers
# (2019)"; after a space, Korean "외" and "등", Chinese "等", Japanese "ほか", "他" and "ら" ("김성철 외(2004)"; glued
# to the name they are read off it: citations._unpossessed).
_ET_AL = rf"""(?: et \s* al \.? | {_LIST_ET_AL_OTHER}
               | and \s+ (?: colleagues | co-?workers ) \b
               | 외 | 등 | 等 | ほか | 他 | ら )"""

# Inside a parenthetical citation, a name and its years: "Smith et al., 2019a", "Smith and Lee 2019, 2020",
# "see Smith & Lee, 2019, p. 4", "World Health Organization, 2019" (the last name before the years),
# "Melis et al., 2006a,b". ``etal`` and ``second`` tell "Range and Huber, 2007" from "Range et al., 2007".
# A surname may carry its initials, as lists in Vancouver's order print the name ("Smith J, 2019", "Smith JA et
# al., 2019", "Smith J and Lee K, 2019").
_INITIALS = rf"(?: \s+ [{_UP}]{{1,3}} \b \.? )?"
AY_NAME_YEARS = re.compile(
    rf"""
    (?P<name> {_NAME} ) {_INITIALS}
    (?: ,? \s+ (?P<etal> {_ET_AL} )
      | (?: ,? \s+ (?: {_AND} \s+ | & \s* ) | \s* [・·] \s* ) (?P<second> {_NAME} ) {_INITIALS} )?
    ,? \s* (?P<years> {_YEARS} )
    """,
    X,
)

# The authors listed before the last one or two of an author-year citation (APA names three to five authors
# at first mention, all of them): what precedes "Ebsworthy, & Holker, 2002" in "(MacLeod, Rutherford,
# Campbell, Ebsworthy, & Holker, 2002)", "Campbell, Ebsworthy, and " before "Holker (2002)" in the sentence.
AY_LEADING_AUTHORS = re.compile(rf"(?P<first> {_NAME} ) (?: \s*,\s* {_NAME} )* \s*,\s* \Z", X)
AY_LEADING_AUTHORS_NARRATIVE = re.compile(
    rf"(?P<first> {_NAME} ) (?: \s*,\s* {_NAME} )* (?: \s*,?\s+ {_AND} | \s*,?\s* & ) \s* \Z", X)

# A parenthetical citation holding at least a name and a year, in parentheses or square brackets:
# "(Tang et al., 2008)", "(Smith et al., 2019a; Lee 2020)", "(see Smith 2019, p. 4)",
# "[see, e.g., Schaerf, 1999, Kingston, 2013]", and parentheses without digits inside: "(marmosets (Callithrix
# jacchus): Werdenich and Huber, 2002; rooks (Corvus frugilegus): Seed et al., 2008)" (frontiers-psychol-2015),
# and a locator's own short number in parentheses: "(Smith et al. 2019, Eq. (3))", "(Lee 2020, Fig. 2(b))". A
# group inside with digits is that short and holds no year: "(as Smith (2019) showed)" is a narrative citation in
# a parenthesis, not one cited in it; a long one is other matter (an address, a licence's URL in a footnote).
_IN_PAREN = r"(?: [^()] | \( [^()\d]{0,80} \) | \( (?! [^()]*? \b (?:1[6-9]\d{2}|20\d{2}) \b ) [^()]{1,8} \) )"
AY_PAREN = re.compile(
    rf"""
      \( (?P<body> {_IN_PAREN}{{0,400}}? {_NAME} {_IN_PAREN}{{0,120}}?
         \b (?: (?:1[6-9]\d{{2}}|20\d{{2}}) [a-z]? \b | {_NO_YEAR} )
         {_IN_PAREN}{{0,200}}? ) \)
    | \[ (?P<sbody> [^\[\]]{{0,400}}? {_NAME} [^\[\]]{{0,120}}?
         \b (?: (?:1[6-9]\d{{2}}|20\d{{2}}) [a-z]? \b | {_NO_YEAR} )
         [^\[\]]{{0,200}}? ) \]
    """,
    X,
)

# The whole bracket AY_PAREN may match from its opening bracket: up to the first ")" outside a group of its
# body, or the first "]", which its body cannot run past: "(Smith et al., 2019; see (also) Lee 2020)". Possessive,
# so it fails at once where nothing closes the bracket; AY_PAREN is then tried only up to where it closes, and
# cannot backtrack through the text after it (an unclosed "(CCAAT-binding fac-" before a page of dates, names and
# years: 2 ms).
AY_PAREN_EXTENT = re.compile(rf"\( {_IN_PAREN}*+ \) | \[ [^\[\]]*+ \]", X)

# Where AY_PAREN can match, so that citations.py tries it only there: its year comes before any bracket of
# the kind that opened it ("(Tang et al., 2008", "[see, e.g., Schaerf, 1999") unless a parenthesis opens
# first, which may be a group inside it ("(marmosets (Callithrix"): those are tried whole. Its names hold no
# brackets, so any other "(" or "[" (a formula's, "(see Section 3)", "[12]") cannot open one.
AY_PAREN_START = re.compile(
    rf"""
      \( [^(){_UP}{_CJK}]* [{_UP}{_CJK}] [^()]*? (?: 1[6-9]\d{{2}} | 20\d{{2}} | {_NO_YEAR} )
    | \( [^()]* \(
    | \[ [^\[\]{_UP}{_CJK}]* [{_UP}{_CJK}] [^\[\]]*? (?: 1[6-9]\d{{2}} | 20\d{{2}} | {_NO_YEAR} )
    """,
    X,
)

# A bracket opened on a line and not closed before the line's end: "(Afgan et" at a page's foot, the first half
# of a citation broken at a column's end (citations._broken).
AY_OPEN_AT_LINE_END = re.compile(r"[(\[][^()\[\]\n\f]*(?=[\n\f]|\Z)")

# How the second half of a parenthetical citation broken at a column's end opens (citations._broken): it
# carries on a name list or its years ("et al., 2016)", "al., 2016)", "and Lee, 2019)", "2020)"), never with a
# capital's new sentence.
AY_GOES_ON = re.compile(r"(?:et\s*al\b|al\.|and\s|&|[a-z]|(?:1[6-9]|20)\d\d)")

# A narrative citation: "Smith et al. (2019)", "Smith and Lee [2019]", "Johnson [2002]", "Ammar et\nal. (2018a, b)",
# with a locator after the year: "Smith (2004, p. 12)", "Lewis et al. [2007, §3]", "Robert & Casella (2004,
# Chapter 7.3)", or after a colon, as Harvard's variants set pages: "Krahmann (2005: 255-257)", "Ohanyan (2008:
# 11, 18)"; a comma before "et al." as some styles and many authors set it: "Smith, et al. (2019)".
_AY_NARRATIVE_NAMES = rf"""
    (?P<name> {_NAME} ) (?: ,? \s+ (?P<etal> {_ET_AL} ) | (?: \s+ {_AND} \s+ | \s* [&・·] \s* ) (?P<second> {_NAME} ) )?
    ['’]?s? \s* (?: , \s* )?"""
AY_NARRATIVE = re.compile(
    rf"""{_AY_NARRATIVE_NAMES}
    [(\[] \s* (?P<years> {_YEARS} ) (?: \s* , \s* [^()\[\]\n,;]{{1,24}} | \s* : \s* [^()\[\]\n;]{{1,24}} )? \s* [)\]]
    """,
    X,
)

# The first part of a bracket a narrative citation shares with others: its years alone, "2002" of "Brown et al.
# (2002; see also Miller et al., 2003)", "2019a, b".
AY_YEARS_ONLY = re.compile(rf"\s* {_YEARS} \s*", X)
# A later part of a parenthetical citation that holds only years and their locator: the same authors' other
# works, "2019b, p. 4" of "(Smith, 2019a, p. 11; 2019b, p. 4)", "2009: 481" of "(Ohanyan, 2008: 11; 2009: 481)".
AY_YEARS_PART = re.compile(rf"\s* (?P<years> {_YEARS} ) \b (?: \s* [,:] [^;]{{0,30}} )? \s* \Z", X)
# ... and the name before that bracket, matched at the end of the text before it: "Brown et al. ", "Smith and
# Lee’s ".
AY_NAME_BEFORE_BRACKET = re.compile(rf"(?<![\w.]) {_AY_NARRATIVE_NAMES} \Z", X)

# Where AY_NARRATIVE can match, so that citations.py tries it only there: the bracket that opens its year,
# "(2019" of "Smith et al. (2019)", "[2002" of "Johnson [2002]" ...
AY_NARRATIVE_BRACKET = re.compile(rf"(?P<bracket> [(\[] ) \s* (?: 1[6-9]\d{{2}} | 20\d{{2}} | {_NO_YEAR} )", X)
# ... and every character that may stand between a narrative citation's first letter and that bracket: the
# letters, spaces, line breaks, apostrophes, diacritics, hyphens, dots, ampersands and commas of its names and of
# "et al." ("van der Berg", "O'Neil & Lee", "Ammar et\nal. ", "Smith, et al. ", "山田・鈴木"), matched backwards from the
# bracket.
AY_NARRATIVE_LEAD = re.compile(r"(?P<lead> [\w\s'’¨´`\-.&,・·A-ZÀ-ÖØ-ÞĀ-Ž]* )", X)

# A citation without brackets, as F1000 sets some: "following the protocol of Frazier et al., 2014.",
# "parameters from Loefer & Sedberry, 2003 (R. terraenovae)". Only with a second author or "et al." (its full
# stop left out in some styles, as IOP's) and a comma before the year: "Smith, 2003" alone says too little.
AY_BARE = re.compile(
    rf"""
    (?P<name> {_NAME} ) (?: ,? \s+ (?P<etal> {_ET_AL} ) | (?: \s+ {_AND} \s+ | \s* [&・·] \s* ) (?P<second> {_NAME} ) )
    , \s* (?P<years> {_YEARS} ) \b
    """,
    X,
)

# A table's cell citing its source, a line of its own that holds no more than the names and the year, with no
# comma or bracket: "Petersen et al. 1997", "Hoyer et al. 2013", "Demers and Greene 1987". A line of prose is
# longer; a list's entry goes on after its year.
AY_CELL = re.compile(
    rf"""
    ^ (?P<name> {_NAME} ) (?: ,? \s+ (?P<etal> {_ET_AL} ) | \s+ (?: {_AND} | & ) \s+ (?P<second> {_NAME} ) )
    \s+ (?P<years> {_YEARS} ) [ \t]* $
    """,
    X | re.MULTILINE,
)

# A group author's abbreviation, defined where the group is first cited, in brackets after its name and before
# the year (APA's "(World Health Organization [WHO], 2020)", "(UK Association of Cancer Registries (UKACR),
# 2012)"), and cited by itself after: "(WHO, 2020)", "WHO (2020)".
AY_GROUP_ABBREVIATION = re.compile(
    r"\s* [\[(] (?P<abbr> [A-Z][A-Z&]{1,9} ) [\])] (?= \s*,?\s* (?:1[6-9]\d{2}|20\d{2}) )", X)

# An alias a citation gives its work for later mentions, as astronomy and physics papers do: "(Bouma et al.
# 2019, hereafter B19)", "hereafter Paper I", "hereafter GM14". The alias is a short token, capitals with
# digits, capitals alone, or "Paper" and a Roman numeral.
AY_HEREAFTER = re.compile(
    r"\bhereafter,?\s+[“\"‘']?(?P<alias>Paper\s+[IVX]{1,4}\b|[A-Z][A-Za-z]{0,4}\d{2,4}[a-z]?\b|[A-Z]{2,6}\b)")

# Where AY_BARE can match, so that citations.py tries it only there: the comma before its year, ", 2014" of
# "Frazier et al., 2014" ...
AY_BARE_COMMA = re.compile(r"(?P<comma> , ) \s* (?: 1[6-9]\d{2} | 20\d{2} )", X)
# ... and every character such a citation holds: AY_NARRATIVE_LEAD's, commas and the years' digits ("Smith, et
# al., 2014, 2015a", "Loefer & Sedberry, 2003"), matched backwards and forwards from the comma.
AY_BARE_RUN = re.compile(r"(?P<run> [\w\s'’¨´`\-.&,A-ZÀ-ÖØ-ÞĀ-Ž]* )", X)

# ----------------------------------------------------------------------------- figures, sentences
# (figures.py and sentences.py: append their patterns here)

# The head word of a figure, table, equation, section, algorithm or appendix mention, with its
# family ("Supplementary", "Extended Data") and the space before the first label:
# "Fig. ", "Figs. ", "FIGURE ", "Tables ", "Tab. ", "Eq. ", "Eqs. ", "Sec. ", "§", "Algorithm ",
# "Appendix ", "Supplementary Fig. ", "Extended Data Fig. ", and PLOS's label-first "S1 Fig";
# German papers: "Abbildung 1", "Abb. 2", "Tabelle I", "Gleichung (3)", "Gl. 4", "Abschnitt III-C",
# "Abschn. 2", "Algorithmus 1", "Anhang A"; a book's or a thesis's "Chapter 3" ("Kapitel", "Capítulo", "Chapitre"),
# a section of it; Spanish, Portuguese, Italian and French ones: "Figura 2", "Tabla 1",
# "Tabela 3", "Tabella 2", "Tableau 4", "Gráfico 3", "Cuadro 1", "Ecuación (5)", "Equação 2", "Sección 3", "Seção 2.1", "Sezione 4",
# "Apéndice A", "Anexo B", "Annexe C"; Dutch ones: "Figuur 1", "Tabel 2", "Vergelijking 3", "Sectie 4", "Bijlage A";
# Chinese, Japanese and Korean figures and tables: "如图1所示", "図2に", "表3", "그림 1", "표 2" ("代表1" is no table).
FIGURE_WORD = re.compile(
    r"""
    (?: (?<! [\w.] )                                               # not "subfigure", "Config."
        (?: (?P<family> (?i: supplementa(?:ry|l) | suppl? \. | extended \s+ data ) ) \s+ )?
      | (?= [图圖図表] ) )                                            # Chinese and Japanese: glued to the word before
    (?: (?P<fig> (?i: figs? ) \. | (?i: fig (?: (?: -[\n\f] )? ure )? s? ) (?! [^\W\d_] )  # Fig-\nure
               | Abb \. | (?i: abbildung (?: en )? | figuras? | gráficos? | figu (?: ur | ren ) ) (?! [^\W\d_] )
               | [图圖図] (?= [ \t]? \d ) | 그림 (?! [^\W\d_] ) )
      | (?P<tab> (?i: ta (?: -[\n\f] )? bles? ) (?! [^\W\d_] ) | Tabs? \.
              | (?i: tabellen? | tabell[ae] | tablas? | tabelas? | tableaux? | cuadros? | tabel ) (?! [^\W\d_] )
              | (?<! [代发發列图圖报報公] ) 表 (?= [ \t]? \d ) | 표 (?! [^\W\d_] ) )
      | (?P<eq> (?i: eq (?: ua (?: -[\n\f] )? tion | n )? s? ) (?: \. | (?! [^\W\d_] ) )
              | Gl \. | (?i: gleichung (?: en )? | ecuaci (?: ón | on | ones ) | equa (?: ção | ções | cao | coes )
                              | equazion [ei] | équations? | vergelijking (?: en )? ) (?! [^\W\d_] ) )
      | (?P<sec> (?i: sec (?: -[\n\f] )? tions? ) (?! [^\W\d_] ) | S (?: ecs? | ects? ) (?: \. | (?! [^\W\d_] ) )
               | §§? | Abschn \. | (?i: abschnitt (?: e | en )? | secci (?: ón | on | ones ) | se (?: ção | ções | cao | coes )
                                     | sezion [ei] | secties? ) (?! [^\W\d_] )
               | (?i: chap (?: -[\n\f] )? ters? | kapitel n? | cap [íi] tulos? | chapitres? ) (?! [^\W\d_] ) )
      | (?P<alg> (?i: algo (?: -[\n\f] )? rithms? ) (?! [^\W\d_] ) | Algs? \.
               | (?i: algorithm (?: us | en ) ) (?! [^\W\d_] ) )
      | (?P<app> (?i: ap (?: -[\n\f] )? pend (?: ix | ices ) | anhang | ap [éê] ndices? | appendice | annexes? | anexos? | bijlagen? )
                 (?! [^\W\d_] ) )
      | (?P<plos> S (?P<plos_number> \d{1,2} ) \s+ (?: (?P<plos_fig> Fig ) | (?P<plos_tab> Table ) ) \b \.? )
    )
    [ \t\n\f]*
    """,
    X,
)

# One label of a mention, in parentheses or not, with its sub-panel:
# "3", "3a", "1A", "3(b)", "2.a", "S2", "S2A", "A1", "2.1", "2.1.3", "IV", "III.B", "A", "(3)", "(2.5)", "(A.3)",
# and IEEE's subsections "II-A", "III-C2" (a letter after the section's numeral, never one of I, V, X, L:
# "II-IV" is a range).
FIGURE_LABEL = re.compile(
    r"""
    (?P<open> \( )?
    (?P<label>
        [A-Z]{1,2} \.? \d{1,3} (?: \. \d{1,3} ){0,3}              # S2  A1  ED3  A.3  B.2.1
      | \d{1,3} (?: \. \d{1,3} ){0,3}                             # 3  2.1  2.1.3
      | [IVXL]{1,6} (?: \. [A-Z0-9]{1,2} | - [A-H] \d{0,2} )?      # IV  III.B  II-A  III-C2
      | [A-Z]                                                     # A (appendix, section)
    )
    (?P<panel>
        (?<= \d ) (?: [a-z] | [A-Z] ) (?! [^\W_""" + _CJK_TEXT + r"""] )   # 3a  1A  图3a给出
      | (?<= \d ) \( [a-zA-Z] \)                                  # 3(b)
      | (?<= \d ) \. [a-z] (?! [^\W_] )                           # 2.a (IEEE)
    )?
    (?(open) \) )
    (?! [^\W_""" + _CJK_TEXT + r"""] | \.\d )   # (Chinese, Japanese, Korean glue words on: "图1所示")
    """,
    X,
)

# Between two labels of one mention: a list (", ", " and ", ", and ", " & ", " or "; the paper's language's "and":
# "und", "y", "et", "e", "en") or a range (" – ", "-", " to ", " through "). "Figs. 2 and 3", "Figures 2–4",
# "Eqs. (3)–(5)", "Tables 1, 2", "cuadros 16 y 17", "Abb. 2 und 3".
FIGURE_SEP = re.compile(
    rf"""
    [ \t\n\f]* (?: (?P<range> [-\u2010-\u2014\u2212] | to \b | through \b )
                 | , [ \t\n\f]* (?: and \b | or \b | & )? | (?: {_AND} | or ) \b | & )
    [ \t\n\f]*
    """,
    X,
)

# A sub-panel letter standing alone after a label, only where a list or range goes on or the mention
# closes: "Fig. 1b to e", "Figs. 3a,b", "Figure 2 A and B" (PNAS), "Fig. 2A–C)".
FIGURE_PANEL = re.compile(
    r"""
    (?P<panel> [a-zA-Z] )
    (?= [ \t\n\f]* (?: [)\],;:.] | [-\u2010-\u2014\u2212] | and \b | or \b | \Z ) )
    """,
    X,
)

# The words before a bare equation number that make it one, matched at the end of the text before it:
# "in (3)", "from (3)", "Substituting (2.5) into", "and (4)", "relations (6)", "expression (B.5)".
EQUATION_CONTEXT = re.compile(
    r"""
    (?<! [\w.] ) (?i: in | from | of | into | by | using | with | via | see | to | and | or | cf\. | combining
                    | substituting | inserting | relations? | expressions? | formulae? | formulas
                    | (?: in )? equalit (?: y | ies ) ) [ \t\n\f]+ \Z
    """,
    X,
)

# An outline title numbered the way IEEEtran's bookmarks number it: "I Einleitung", "III-C Sprungtypen",
# "II-A1 Setup" (a roman numeral without its dot, a subsection letter after a hyphen).
IEEE_SECTION_TITLE = re.compile(r"^ (?P<number> [IVXL]{1,6} (?: - [A-H] \d{0,2} )? ) \s+ (?P<title> [A-Z\u00c0-\u00de].* ) $", X)

# A number in parentheses that may name an equation: "(3)", "(2.5)", "(A.3)", "(3a)". A dotted one
# is an equation mention wherever it stands (such numbers are never citations): "(2.2) of its".
EQUATION_PAREN = re.compile(r"\((?P<label>(?:[A-Z]\.?)?\d{1,3}(?:\.\d{1,3})?[a-z]?)\)")

# What may stand before a mention's head word, matched at the end of the text before it:
# "Supplementary ", "Suppl. ", "Extended Data ", and PLOS's "S1 " (in "S1 Fig").
FIGURE_WORD_PREFIX = re.compile(
    r"(?:(?i:supplementa(?:ry|l)|suppl?\.|extended\s+data)|(?<![\w.])S\d{1,2})[ \t\n\f]+\Z"
)

# An equation number at the end of a line: "(3)", "(2.5)", "(A.3)", "(3a)", "( 12 )".
EQUATION_NUMBER = re.compile(r"\(\s?(?P<label>(?:[A-Z]\.?)?\d{1,3}(?:\.\d{1,3})?[a-z]?)\s?\)[ \t]*$")

# The same, found in the whole text (lines end at "\n" or "\f"): "(3)\n".
EQUATION_LINE_END = re.compile(r"\(\s?(?:[A-Z]\.?)?\d{1,3}(?:\.\d{1,3})?[a-z]?\s?\)[ \t]*(?=[\n\f]|\Z)")

# An equation number alone, numbered on the left (leqno): "(5)".
EQUATION_NUMBER_ONLY = re.compile(r"^[ \t]*\(\s?(?P<label>(?:[A-Z]\.?)?\d{1,3}(?:\.\d{1,3})?[a-z]?)\s?\)[ \t]*$")

# The start of a caption line: "Figure 3:", "Fig. 3.", "FIGURE 3 |", "Table 2", "TABLE II", "FIG. 1:",
# "Figure 1 Simultaneous recordings" (a capitalised phrase), "Table 2 (continued)", "Extended Data Fig. 2 |",
# "Supplementary Table 1.", "Algorithm 1 FIDD", "S1 Fig. Map of", not "Figure 3 shows" nor "Fig. 2.a where";
# German: "Abbildung 1: Erweiterter Graph", "Abb. 2.", "Tabelle I:", "Algorithmus 1 DYCOS"; Spanish, Portuguese,
# Italian and French: "Figura 2.", "Tabla 1:", "Tabela 3", "Tabella 2", "Tableau 4"; Spanish's "Gráfico 3" and
# "Cuadro 1" (a chart, a table).
FIGURE_CAPTION = re.compile(
    r"""
    ^ [ \t]*
    (?: (?P<family> (?i: supplementa(?:ry|l) | extended \s+ data ) ) \s+ )?
    (?: (?P<plos> S \d{1,2} ) \s+ )?
    (?: (?P<fig> (?i: fig (?: ure | ura | uur )? | abb (?: ildung )? | gráfico ) | [图圖図] | 그림 )
      | (?P<tab> (?i: tab (?: le | elle | ella | la | ela | leau | el )? | cuadro ) | 表 | 표 )
      | (?P<alg> (?i: algorithm (?: us )? ) ) )
    \.? [ \t]*
    (?(plos) | (?P<label> [A-Z]{0,2} \.? \d{1,3} (?: \. \d{1,3} )? | [IVXL]{1,6} ) )
    (?: [ \t]* (?: [:|—–：] | \. (?! [a-z0-9] ) ) | [ \t\u3000]+ (?= [A-Z(\[""" + _CJK_TEXT + r"""] )
      | [ \t]* $ )
    """,
    X,
)

# ------------------------------------------------------------------------------------ sentences

# A place where a sentence may end: ".", "?", "!" or "…" (a run of them counts once: the look-behind
# keeps a run of 50,000 dots linear; set after the first character, it lets the engine skip ahead to
# the next stop character), closing quotes or brackets, a marker glued on, then the space before the
# next sentence: "known.” Then", "before.[12] Next", "vacuole.5,6,9 In", "shown.¹² Next".
SENTENCE_END = re.compile(
    r"""
    (?P<stop> [.?!\u2026] (?<! [.?!\u2026]{2} ) [.?!\u2026]*+ ['"’”)\]]*+ )
    (?P<marker> \[ [\d,\u2013\u2014\s-]{1,40} \]
              | (?<= (?: [^\W\d_] | [)\]] ) [.?!] ) \d{1,3} (?: [,\u2013\u2014-] \d{1,3} ){0,12}
              | [\u00b9\u00b2\u00b3\u2070-\u2079]{1,12} )?
    (?P<space> [ \t\n\f]+ )
    """,
    X,
)

# A marker after a full stop and a space that still belongs to the sentence before it when the next
# sentence starts right after it: "before. [12] Next", "before. [3–5, 7] We", "before. (12) Next".
SENTENCE_TRAILING_MARKER = re.compile(
    r"""
    (?P<marker> \[ [\d,\u2013\u2014\s-]{1,40} \] | \( \d{1,3} (?: [,\u2013\u2014-] \s? \d{1,3} ){0,12} \) )
    [ \t\n\f]+
    (?= [A-Z\u00c0-\u00de\u0391-\u03a9] )
    """,
    X,
)

# The word before a full stop that does not end a sentence, matched whole and case-insensitively:
# "et al.", "e.g.", "i.e.", "Fig.", "Figs.", "Eq.", "Ref.", "vs.", "cf.", "approx.", "ca.", "Dr.", "Jr.",
# "resp.", "St. Louis". "etc." is not here: it ends sentences as often as not.
SENTENCE_ABBREVIATION = re.compile(
    r"""
    (?i: al | e\.g | i\.e | cf | vs | viz | approx | ca | resp | fig | figs | eq | eqs | eqn | eqns | ref | refs
       | sec | secs | sect | sects | tab | tabs | alg | algs | app | appx | ch | chap | vol | vols | pp | p | ed
       | eds | dr | mr | mrs | ms | prof | jr | sr | st | inc | ltd | corp | dept | univ | suppl | supp | incl
       | jan | feb | mar | apr | jun | jul | aug | sep | sept | oct | nov | dec | sp | spp | subsp | cv | aff
       | comb | et | eg | ie | esp | ibid | cit | def | thm | lem | prop | cor | lit )
    """,
    X,
)

# Abbreviations that stand before a number only: "No. 5", "Nos. 3 and 4", "Art. 12".
SENTENCE_NUMBER_ABBREVIATION = re.compile(r"(?i:no|nos|art|arts|nr)")

# Letters with dots inside, initials or a dotted abbreviation, never a sentence end: "U.S", "C.A.A",
# "a.k.a", "Ph.D", "J" (as in "J. Smith").
SENTENCE_INITIALS = re.compile(r"(?:[A-Za-z]{1,3}\.)*[A-Z]|(?:[A-Za-z]{1,3}\.)+[A-Za-z]{1,3}")

# A section or list number, never a sentence end: "2.1" in "Sec. 2.1. The", "3" of "3. Results" at a
# line start.
SENTENCE_DOTTED_NUMBER = re.compile(r"\d{1,3}(?:\.\d{1,3})+|[A-Z](?:\.\d{1,3})+")

# A blank line: a paragraph break, always a sentence boundary in plain text (JATS paragraphs).
PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")

# ------------------------------------------------------------------------------------ links, evaluation
# (links.py and evaluation.py)

# A named destination that is a bibliography entry, with the entry's number when the name carries one:
# hyperref "cite.vaswani2017" (key), "/cite.kempe2003maximizing" (old hyperref), "cite.12", "cite.bib46";
# publishers "bib12", "CR12", "link_CR12", "bm_CR12", "bmk_R12", "link_R12", "mk:ref12", "lBB12",
# "lb0205" (Elsevier, steps of 5), "e107_ref3" (JMIR), "Reference_12", "Rpone.0197919.ref012" (PLOS),
# "ref-11" (PeerJ), "c12" (AIP), "R12", "B12" (OUP), "NPGRJ_NN_2727.indd:R12:330", "..._Article.indd:CR9:97" (InDesign).
CITE_ANCHOR = re.compile(
    r"""
    ^ /? (?: cite \. (?: bib | ref | b )? [-_]?
           | (?: link_ | bm_ | bmk_ )? C? R
           | bibr? | mk: ref | lBB | lb | e \d+ _ref | Reference_ | R [a-z]{3,5} \. \d{7} \. ref | ref-
           | [cB] | .* \. indd : C? R )
      (?P<number> \d{1,4} ) (?: : .* )? $
    | ^ /? cite \. (?P<key> .+ ) $
    """,
    X,
)

# The numbers of an anchor's name, taken out to give its kind ("e107_ref3" -> "e#_ref#"), and a keyed
# anchor's prefix ("cite.", "/cite."): evaluation.py counts a list's entries by their anchors of one kind.
ANCHOR_NUMBERS = re.compile(r"\d+")
CITE_KEY_PREFIX = re.compile(r"^ /? cite \.", X)

# A named destination that is never a bibliography entry, even when it lands near one (hyperref's
# "section*.20" sits just above the first entry). Tried only when CITE_ANCHOR fails ("Rpone.0197919.ref012"
# has the shape of a counter). Hyperref counters "figure.caption.8", "Hfootnote.1", "equation.2.4",
# "page.12", "Item.3"; publishers "link_Fig3", "bm_Tab1", "lf0010", "lt0005", "mk:fig3",
# "Lpone.0197919.ref001" (a back-link from the list), "B1-R" (OUP back-link), "F1", "T2", "HypTab1",
# "BOOKMARK_3", "PAX@./papers/608.pax@1" (pax artefacts).
NOT_CITE_ANCHOR = re.compile(
    r"""
    ^ /? (?: [A-Za-z]+ \*? \. [\w.*:-]+                       # hyperref counters, PLOS figure anchors
           | (?: link_ | bm_ | bmk_ | Hyp )? (?: Fig | Tab | Sec | Eq | App | Aff | Fn | Sch )
           | (?i: fig | table | tab | sec | section | eq | equation | app | aff | fn | fd | author | page
                | bookmark | footnote | appendix )
           | l [ftsa] \d | laf | hs \d | web \d | mk: | [FTS] \d+ $ | PAX@ )
    | -R $
    """,
    X,
)

# A numeric range inside a citation's text, whose inner numbers a PDF links only at the ends: "[3-7]", "1–3".
NUMERIC_RANGE = re.compile(r"(?P<first> \d+ ) \s* [-\u2010-\u2015\u2212] \s* (?P<last> \d+ )", X)

# The text from a range's linked start to its linked end: two numbers joined by a dash (hyphen, en or em
# dash, minus), brackets or a superscript's punctuation around it: "[3–7]", "2−5", "(12-15)".
LINKED_RANGE = re.compile(
    r"^ [\[(]? \s* (?P<first> \d{1,3} ) \s* [-\u2010-\u2015\u2212] \s* (?P<last> \d{1,3} ) \s* [\])]? [,;.]? $", X)

# Section numbering before a heading title, ignored when comparing titles: "3.2 ", "IV. ", "A.1 ", "§2. ", and
# IEEEtran's bookmarks of a subsection under a Roman section, "III-B " and "II-C2 " (the page prints "B.").
TITLE_NUMBERING = re.compile(
    r"^ \s* (?: § \s* )? (?P<number> [IVX]+ - [A-Z] \d* | (?: \d+ | [A-Z] | [IVX]+ ) (?: \.\d+ )* \.? ) \s+", X)

# Bookmarks that name an anchor, not a section: PLOS 2014 ("Section_3", "Reference 12", "TABLE_1"),
# figure/table entries, which are not part of a section outline, a scan's page images ("image 3"), a
# page's own bookmark ("p. 522", "pp. 3-4"), a named anchor ("Anchor 27") and machine-made identifiers
# with no space ("2589143_Part2", "sec_3_1"): section titles are words.
ANCHOR_BOOKMARK = re.compile(
    r"""^ (?: (?P<kind> section | table | figure | fig | reference | ref | image | page | anchor ) [ _.]* \d+ \b
          | p{1,2} \. \s* \d+ (?: \s* [-–] \s* \d+ )? $
          | [^\s_]* _ \S* \d \S* $ )""",
    X | re.IGNORECASE)

# A name-like word in folded (accent-free, lower-case) text, for the check of a link against
# the words printed under it: "beck" in "beck (2002)", "nagappan" in "bhat, t., & nagappan, n. (2006)".
PRINTED_NAME_WORD = re.compile(r"[^\W\d_]{3,}")

# Where a citation's names begin, read back from a linked year: after the group's opening bracket, the
# previous member's semicolon or the previous citation's closing bracket ("(Roux and Jouventin 1987; Charrier").
PRINTED_GROUP_BREAK = re.compile(r"[;()\[\]]")

# A publication year in an entry or under a link: "2002" in "beck (2002)", "1999" in "(sayigh et al. 1999)".
PRINTED_YEAR = re.compile(r"(?<!\d) (?:1[89]|20) \d\d (?!\d)", X)

# An entry label that is a plain number, as the reference stage keeps it: "12", "[12]", "12.", "(12)".
NUMERIC_LABEL = re.compile(r"^ \W* (?P<number> \d{1,4} ) \W* $", X)

# ------------------------------------------------------------------------- identifiers, names (ids.py)

# An arXiv id alone, as metadata fields hold it: "1706.03762v5", "arXiv:1706.03762", "hep-th/9901001",
# "math.GT/0309136".
ARXIV_ALONE = re.compile(
    r"^ \s* (?i: arxiv: \s* )? (?P<id> \d{4} \. \d{4,5} | (?i: [a-z][a-z\-]+ (?: \.[a-z]{2} )? ) / \d{7} ) (?i: v\d+ )? \s* \Z",
    X)

# A LaTeX accent on one letter, in the spellings BibTeX files use: \"u, \"{u}, {\'e}, \'{\i}, \c c, \v{s}.
LATEX_ACCENT = re.compile(
    r"""\\ (?: ['`^"~=.] | [uvHckrdbt] (?! [A-Za-z] ) ) \s*
        (?: \{ \s* (?P<braced> \\? [A-Za-z] ) \s* \} | (?P<bare> \\? [A-Za-z] ) )""",
    X)

# A LaTeX command for a letter of its own, with the "{}" that may end it: \ss, {\o}, \aa{}, \L.
LATEX_LETTER = re.compile(r"\\ (?P<name> ss | SS | ae | AE | oe | OE | aa | AA | o | O | l | L | i | j ) (?! [A-Za-z] ) (?: \{\} )?", X)

# Any other LaTeX command, a word or one sign: \emph, \textit, \&, \%.
LATEX_COMMAND = re.compile(r"\\ (?: [A-Za-z]+ | . )", X | re.DOTALL)

# What separates the words of a title key: punctuation, dashes, quotes, underscores, spaces ("’s: ", " — ").
TITLE_KEY_GAP = re.compile(r"[\W_]+")

# A generational suffix after a name: "Jr.", "Jr", "Sr.", "II", "III", "IV".
NAME_GENERATION = re.compile(r"^ (?: [JS]r \.? | I{2,3} | IV ) $", X)

# -------------------------------------------------------------- references, faster forms (references/)
# Each pattern of this block stands for a test or two above, in one pass, for speed (see "Speed" at the top).

# What may follow a name, unless an "and" opens a title's lower-case words after it (NAME_FOLLOW where
# NAME_AND_LOWER does not match): ", Brown" after "Boslough, M." but not " and purification" after
# "M. Isolation".
NAME_FOLLOW_CLEAR = re.compile(rf"(?! {NAME_AND_LOWER.pattern} ) (?: {NAME_FOLLOW.pattern} )", X)

# An accent set as a character of its own (REF_SPACING_ACCENT's middle group), found by a scan in C: "¨" in
# "M¨uller".
REF_SPACING_ACCENT_CHAR = re.compile(r"[¨´`ˆ˜¸ˇ˚˝˘]")
