"""Every regular expression citelens uses, in one place, each with a real example of what it matches."""

from __future__ import annotations

import re

X = re.VERBOSE

# ------------------------------------------------------------------------------------------- fonts
# Names seen in ../shared/corpus. Case matters for the short suffixes ("TB" bold, "It" italic), so the
# long words are matched case-insensitively inside (?i:...) and the rest as written.

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
    """,
    X,
)

# ----------------------------------------------------------------------------------------- outline

# Section numbering at the start of a heading line, and the title after it:
# "3.2.1 Results", "2 RELATED WORK", "IV. EXPERIMENTS", "A.1 Proofs", "B. Extra runs", "5. Discussion",
# "Appendix A. Output current in β-multiplier"
# Letters alone ("A Survey ...") are not numbering unless followed by a dot or a dotted number.
HEADING_NUMBER = re.compile(
    r"""
    ^ (?P<number>
        (?i: appendix ) \s+ [A-Z0-9] (?: \. \d{1,2} ){0,2} [.:]?   # Appendix A.  APPENDIX B:
      | \d{1,2} (?: \. \d{1,2} ){0,3} \.?          # 3  3.  3.2  3.2.1
      | [A-Z] (?: \. \d{1,2} ){1,3} \.?            # A.1  B.2.3
      | [A-Z] \.                                   # A.
      | (?: X{0,3} (?: IX | IV | V?I{1,3} | V | X ) ) \.   # I.  IV.  XII.
      )
      \s+ (?P<title> [^\W\d_] .* ) $
    """,
    X,
)

# An appendix letter alone, only after the bibliography: "A Proof of Theorem 1", "B Hyper-parameters".
APPENDIX_LETTER = re.compile(r"^(?P<number>[A-Z])\s+(?P<title>[A-Z][^\W\d_].*)$", X)

# Section names that are headings in any numbering and case: "Acknowledgements", "RELATED WORK",
# "Materials and Methods", "Conclusions and future work", "Supplementary Information".
KNOWN_SECTION = re.compile(
    r"""
    ^ (?: abstract | summary | introduction | background | preliminaries
        | related \s+ works? | prior \s+ work | previous \s+ work | literature \s+ review
        | methods? | methodology | materials? \s+ (?: and | & ) \s+ methods? | experimental \s+ procedures?
        | approach | model | data | datasets? | experiments? | experimental \s+ (?: setup | results )
        | evaluation | results | results \s+ (?: and | & ) \s+ discussions? | findings | analysis
        | discussions? | limitations | future \s+ work
        | conclusions? (?: \s+ (?: and | & ) \s+ (?: future \s+ work | outlook | discussion ) )?
        | star \W? methods | online \s+ methods | concluding \s+ remarks | acknowledge?ments? | funding | author \s+ contributions
        | competing \s+ interests | conflicts? \s+ of \s+ interests? | declaration \s+ of \s+ interests?
        | data \s+ availability (?: \s+ statement )? | ethics \s+ statement
        | references (?: \s+ (?: and | & ) \s+ notes )? | bibliography | literature \s+ cited
        | works \s+ cited | cited \s+ literature
        | appendix (?: \s+ [A-Z0-9] )? | appendices | supplementary \s+ (?: materials? | information | data )
        | supporting \s+ information
      ) \s* [.:]? $
    """,
    X | re.IGNORECASE,
)

# The heading that opens the reference list: "References", "7 REFERENCES", "Literature Cited".
REFERENCES_HEADING = re.compile(
    r"^(?:\d{1,2}\.?\s+|[IVX]+\.\s+)?(?:references(?:\s+and\s+notes)?|bibliography|literature\s+cited"
    r"|works\s+cited|cited\s+literature)\s*:?$",
    re.IGNORECASE,
)

# Headings allowed after the reference list: "Appendix", "Appendix B: Proofs", "A.1 Setup",
# "Supplementary Material", "Appendices".
APPENDIX_HEADING = re.compile(
    r"""
    ^ (?: (?i: appendix | appendices | supplementary | supporting \s+ information )
        | [A-Z] (?: \. \d{1,2} )+ \.? \s          # A.1 Setup
        | [A-Z] \.? \s+ [A-Z][a-z]{2,}             # A Proofs, B. Hyper-parameters (not "D. A. Stahl")
      )
    """,
    X,
)

# Table-of-contents leaders: "Introduction . . . . . . 3", "Results.........12".
DOTTED_LEADER = re.compile(r"(?:\.\s*){5,}\d*\s*$")

# Characters that make a large-font line an equation, not a heading: "σj = E · εj,", "f(σ) ± f(σ)2".
MATH_CHARS = re.compile(r"[=<>±·×÷∑∏∫√∂∆∇≤≥≈≠∞→←⇒∈∝−]")

# The word before an appendix number: "Appendix A" → "A".
APPENDIX_WORD = re.compile(r"^appendix\s+", re.IGNORECASE)

# Small capitals, a heading face of elsarticle and Frontiers: "CMCSC10", "MinionPro-SC", "Times-SmallCaps".
FONT_SMALLCAPS = re.compile(r"CMCSC|SmallCap|-SC\d*\b|Caps\b", re.IGNORECASE)

# A text item that is only a section number: "2.1.", "3", "IV.", "A.2".
SECTION_NUMBER_ONLY = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[A-Z](?:\.\d{1,2})+\.?|[IVX]{1,4}\.)$")

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

# A word broken at a line end with a hyphen, continuing in lower case on the next line:
# "infor-\nmation" → "information" (while "state-of-the-\nArt" keeps its hyphen).
HYPHEN_BREAK = re.compile(r"(\w)-[\n\f]\s*([a-z\u00df-\u00ff])")

# Any other hyphen at a line end stays, without the break: "state-of-the-\nArt" → "state-of-the-Art".
HYPHEN_KEPT = re.compile(r"(\w)-[\n\f]\s*")

# -------------------------------------------------------------------------------------- references
# (references.py: append its patterns here)

# --------------------------------------------------------------------------------------- citations
# (citations.py: append its patterns here)

# ----------------------------------------------------------------------------- figures, sentences
# (figures.py and sentences.py: append their patterns here)
