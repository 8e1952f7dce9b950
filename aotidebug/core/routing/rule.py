"""What a structural rule is: each `Rule` names a MECHANISM (how AOTI fails) by the structure it
reads (exception type, subsystem, phase, diagnostic origin, frames, signals) plus, at most, the
words that name that mechanism. The rules themselves: rules_build.py, rules_toolchain.py,
rules_deploy.py and rules_api.py; how they are weighed and combined: structural.py."""

from __future__ import annotations

from dataclasses import dataclass

from ..text.structure import Origin, Phase, Subsystem

__all__ = ["Rule", "new_rule", "GEN_ORIGINS", "ENV_ORIGINS", "INTERNAL_TYPES", "COMPILE_SUBSYSTEMS",
           "WRAPPED", "WRAPPER_RULES", "API_ENTRIES", "S", "P", "O"]

S = Subsystem
P = Phase
O = Origin
GEN_ORIGINS = frozenset({O.GENERATED_WRAPPER, O.GENERATED_KERNEL, O.GENERATED_TRITON})
ENV_ORIGINS = frozenset({O.ENV_MISSING_HEADER, O.ENV_MISSING_LIBRARY, O.ENV_MISSING_COMPILER, O.ENV_MISSING_NVCC})
INTERNAL_TYPES = frozenset({"AssertionError", "KeyError", "AttributeError", "TypeError", "IndexError", "NameError",
                       "UnboundLocalError", "ImportError", "ModuleNotFoundError", "RecursionError"})
COMPILE_SUBSYSTEMS = frozenset({S.LOWERING, S.CODEGEN})
# patterns that read only a wrapper's wording ("InductorError: X"): a rule that reads the root
# cause of the chain outranks them
WRAPPED = ("AOTD901",)
# rules that read only the wrapper's own type (LoweringException, InductorError, BackendCompilerFailed),
# or that type with words of the message it wraps (AOTS301): the same evidence a WRAPPED pattern
# reads, so they never corroborate one (measured on the blind rows: a wrapper pattern
# "corroborated" so was right on 14 of 19 at >= 0.7)
WRAPPER_RULES = ("AOTS120", "AOTS122", "AOTS301")
# API entry points: an error whose innermost torch frame is one of these was raised by the entry
# point checking its arguments, not by the compiler's internals.
API_ENTRIES = ("aot_compile", "compile_fx_aot", "aot_load", "aoti_compile_and_package", "aoti_load_package",
            "_aoti_compile_and_package_inner", "load_package")


@dataclass(frozen=True, slots=True)
class Rule:
    """One structural rule. Every non-empty condition must hold (AND); inside one condition any
    listed value is enough (OR). Keywords are matched on `Structure.error_text` (never on noise)."""

    code: str
    slug: str
    category: str
    weight: float
    title: str
    types: frozenset[str] = frozenset()  # any of these names in a chain link's type, MRO or wrapped types
    subsystems: frozenset[Subsystem] = frozenset()
    phases: frozenset[Phase] = frozenset()
    origins: frozenset[Origin] = frozenset()
    not_origins: frozenset[Origin] = frozenset()  # no diagnostic of these origins was read
    raise_sites: frozenset[str] = frozenset()  # user / torch / triton / stdlib / library
    signal: bool | None = None  # True: a signal was seen; False: none was
    signal_names: frozenset[str] = frozenset()  # any of these signals (SIGILL, SIGSEGV, ...)
    keywords: tuple[str, ...] = ()  # any (lower case), only words that name a mechanism
    also_keywords: tuple[str, ...] = ()  # a second group: one of these must ALSO be present
    regex: str = ""  # a regular expression on the lower-case error text, for what no fixed word names (a printed size)
    not_keywords: tuple[str, ...] = ()
    error_types: frozenset[str] = frozenset()  # UserError.error_type names (live objects)
    torch_symbol: bool | None = None  # a diagnostic of a listed origin names a torch/AOTI symbol
    functions: tuple[str, ...] = ()  # a Python or C++ frame function contains one of these
    not_functions: tuple[str, ...] = ()  # no Python or C++ frame function contains one of these
    words: tuple[str, ...] = ()  # any of these in the report's head and tail (lower case, Structure.words)
    not_words: tuple[str, ...] = ()  # none of these in the report's head and tail (lower case, Structure.words)
    not_at: tuple[str, ...] = ()  # the innermost torch frame's function is none of these (API entries)
    at: tuple[str, ...] = ()  # the innermost torch frame's function is one of these
    modules: tuple[str, ...] = ()  # the innermost torch frame's module is one of these (dotted)
    frame_modules: tuple[str, ...] = ()  # some Python frame's module is, or is under, one of these
    test_programs: tuple[str, ...] = ()  # the failing test file or class contains one of these (lower case)
    handed: bool | None = None  # True: a live torch frame held the loaded model (Structure.handed_to)
    split_path: bool | None = None  # True: the compile command split a path at a space or quote
    always_true_guard: bool | None = None  # True: every guard export reported holds over its declared range
    abi_strings: bool | None = None  # True: every unresolved torch symbol takes a std::string (the other C++ ABI)
    no_chain: bool = False  # fires only when no exception was read
    fallback: bool = False
    supersedes: tuple[str, ...] = ()  # pattern codes (AOTD*) this mechanism outranks; rule codes (AOTS*) it explains
    fixes: tuple[str, ...] = ()  # advice when this rule decides (else the category's first pattern's)
    rivals: tuple[str, ...] = ()  # pattern codes (AOTD*) whose words this mechanism reads as well: capped at RIVAL_CAP

    @property
    def structural(self) -> bool:
        """True when the rule reads more than words (a type, subsystem, phase, origin, frame or
        signal): only such rules corroborate a pattern, since a keyword rule re-reads its words."""
        # a signal is read from the same words a pattern matches ("Segmentation fault"): not structure
        return bool(self.types or self.subsystems or self.phases or self.origins or self.functions
                    or self.error_types or self.raise_sites or self.at or self.modules or self.frame_modules
                    or self.test_programs
                    or self.handed is not None or self.abi_strings is not None)


def new_rule(code: str, slug: str, category: str, weight: float, title: str, **kw: object) -> Rule:
    return Rule(code, slug, category, weight, title, **kw)  # type: ignore[arg-type]
