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
