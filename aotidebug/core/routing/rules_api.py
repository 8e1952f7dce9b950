"""The structural rules of API generations: a recipe or a library written for another torch
release (the legacy aot_compile/aot_load API, keywords and names that moved, config options that
do not exist here, the package API given what it does not take). Data only; see rule.py for what
each field means. Evaluated inside DEPLOY_RULES, after loading's rules."""

from __future__ import annotations

from .. import hints as H
from .pattern import TORCH_OP_NAMESPACES, TORCH_PRIVATE_SUBMODULES
from .patterns_platform import PUBLIC_TORCH_NAME_MISSING
from .rule import WRAPPED, P, Rule
from .rule import new_rule as _r

__all__ = ["API_RULES"]

# the calls of an export + AOTI recipe, as Python names them in an argument error
_RECIPE_CALLS = ("aoti_compile_and_package()", "aoti_load_package()", "aot_compile()", "aot_load()",
                 "load_package()", "package_aoti()",
                 # the export half of a recipe: its keywords moved between releases too
                 "run_decompositions()", "export_for_training()", "export_for_inference()",
                 "export()", "dims()", "dim()")

_LEGACY_CALLS = ("aot_compile()", "aot_load()")

# keywords those calls took in an earlier release and no longer take, as Python quotes them:
# export's and aot_compile's `constraints` (2.1-2.2, now dynamic_shapes), export's `pre_dispatch`,
# run_decompositions' `_preserve_ops` (2.4-2.5, now a decomposition table), and
# aoti_compile_and_package's 2.5 example inputs (`args`, `kwargs`) and their later placeholders;
# and the legacy aot_load's `device` handed to the package loader
_FORMER_KEYWORDS = tuple(f"unexpected keyword argument '{k}'" for k in
                         ("constraints", "pre_dispatch", "_preserve_ops", "args", "kwargs",
                          "_deprecated_unused_args", "_deprecated_unused_kwargs",
                          # torch.export._trace._export's runtime-assert options before 2.6
                          # (prefer_deferred_runtime_asserts_over_guards since)
                          "_allow_complex_guards_as_runtime_asserts", "allow_complex_guards_as_runtime_asserts",
                          "_disable_forced_specializations")) + (
    # the legacy aot_load(path, device)'s keyword, carried to the package loader, which never took it
    "load_package() got an unexpected keyword argument 'device'",)

# what AOTS167 and AOTS324 read alike: the loader opened the package file and miniz found no
# readable zip archive in it
_ZIP_UNREADABLE: dict[str, object] = dict(
    phases=frozenset({P.LOAD}), keywords=("failed to initialize zip archive",),
    also_keywords=("central directory", "corrupted", "multidisk", "invalid header", "not a zip",
                   "unexpected end", "invalid local"))

# what AOTS288 and AOTS289 read alike: a public torch name missing, looked up by a library or by
# code not shown (the user's own code is AOTS175's)
_PUBLIC_NAME_MISSING_ELSEWHERE: dict[str, object] = dict(
    raise_sites=frozenset({"", "library"}), keywords=("has no attribute",), regex=PUBLIC_TORCH_NAME_MISSING)

# what AOTS182, AOTS242 and AOTS243 read alike: the config module refusing an option it does not have
_CONFIG_OPTION_MISSING: dict[str, object] = dict(
    types=frozenset({"AttributeError", "RuntimeError"}),
    # the config module's words, a config module read as a plain module, torch.compile's options=
    keywords=("config.", "config alias", "torch._dynamo.config' has no attribute",
              "torch._inductor.config' has no attribute", "torch._functorch.config' has no attribute",
              "unexpected optimization option"),
    also_keywords=(" does not exist", "has no attribute", "known options are"),
    fixes=(H.CONFIG_OPTION_NAMES,))

# what AOTS203 and AOTS256 read alike: an import of a torch name or module this torch does not have
_TORCH_NAME_MISSING_ON_IMPORT: dict[str, object] = dict(
    types=frozenset({"ImportError", "ModuleNotFoundError"}), keywords=("cannot import name", "no module named 'torch."),
    also_keywords=("from 'torch'", "from 'torch.", "named 'torch."),
    not_keywords=("partially initialized", "unknown location", "'torch._c'", "'torch._c."))

API_RULES: tuple[Rule, ...] = (
    # -- API generations -------------------------------------------------------------------------
    _r("AOTS170", "legacy-api-failed", "deprecated_api", 0.66,
       "The legacy aot_compile/aot_load API's own argument handling raised: it was given what only "
       "the package API takes",
       at=("aot_compile", "aot_load", "_aoti_flatten_inputs", "compile_fx_aot"),
       types=frozenset({"AttributeError", "TypeError", "ValueError", "AssertionError", "RuntimeError"}),
       raise_sites=frozenset({"torch", "stdlib"}), supersedes=("AOTD905", "AOTD901"),
       # a file or library dlopen cannot find is the loader's, not the legacy API's handling (a .pt2
       # handed to aot_load fails in dlopen too, but on its ELF header: that stays the legacy API's)
       not_keywords=("cannot open shared object file",),
       # the package API calls the same internals (aoti_compile_and_package -> aot_compile ->
       # compile_fx_aot): entered through it, the legacy API is not what the user called
       not_functions=("aoti_compile_and_package", "aoti_load_package",
                      # the options' own checks, below compile_fx_aot: AOTS318
                      "maybe_aoti_standalone_config", "patch_config")),
    # the legacy torch._export.aot_compile handed an ExportedProgram: it exports its argument
    # itself, with Dynamo, which will not trace a program (`ExportedProgram.__call__` is skipped);
    # only the package API takes one. The failure is the tracer's, deep below aot_compile, so the
    # legacy frame and the program's name decide (drawn in stop 62, in-sample, from the scientific
    # vocabulary's row read export_failure)
    _r("AOTS346", "legacy-compile-given-an-exported-program", "deprecated_api", 0.66,
       "The legacy aot_compile was handed an ExportedProgram: it exports its argument itself, which "
       "the tracer cannot do to a program; aoti_compile_and_package takes one",
       functions=("aot_compile",), frame_modules=("torch._export",), words=("exportedprogram",),
       not_functions=("aoti_compile_and_package",),
       supersedes=("AOTD602", "AOTS105", "AOTD905"), fixes=(H.MIGRATE_TO_PACKAGE_API,)),
    # the compile options' own check of a mode that fixes some of them (standalone compilation
    # forces a C++-only package, kernels not embedded; Windows cross-compilation keeps weights off
    # the .so): the user's options conflict with it, whichever API entered
    _r("AOTS318", "compile-options-conflict-with-a-mode", "unsupported", 0.62,
       "The compile options given conflict with a mode that fixes them (standalone or Windows "
       "cross-compilation)",
       types=frozenset({"RuntimeError", "ValueError", "AssertionError"}), raise_sites=frozenset({"torch"}),
       functions=("maybe_aoti_standalone_config", "patch_config"),
       supersedes=("AOTS170", "AOTD506", "AOTD905"), fixes=(H.OPTIONS_A_MODE_FIXES,)),
    # the user's own code reaching for a torch API this release no longer has (an export or AOTI
    # recipe written for an older torch: `torch.export.dynamic_dim`, `capture_pre_autograd_graph`);
    # a missing AOTI entry point (`aoti_*`) is rather a torch too OLD for the recipe
    # (0.50: a submodule never imported reads the same, `module 'torch.nn.utils' has no attribute 'prune'`)
    _r("AOTS175", "user-code-calls-removed-torch-api", "deprecated_api", 0.5,
       "The user's code calls a torch API this release does not have (written for an older torch)",
       types=frozenset({"AttributeError"}), raise_sites=frozenset({"user"}), keywords=("module 'torch",),
       not_keywords=("'aoti_", "'aot_"), supersedes=("AOTD905", "AOTD714"), fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # a public torch namespace lacking a name, looked up by a library or by code not shown
    # (`module 'torch' has no attribute 'compiler'`): the code was written for another torch
    # release, most often a newer one than installed; a name removed since is the other reading
    _r("AOTS288", "public-torch-name-of-another-release", "version_mismatch", 0.55,
       "Code written for another torch release looked up a public torch name this torch does not have",
       supersedes=("AOTD905", "AOTD714", "AOTS127"), fixes=(H.UPGRADE_OR_PIN_TORCH,), **_PUBLIC_NAME_MISSING_ELSEWHERE),
    _r("AOTS289", "public-torch-name-removed", "deprecated_api", 0.45,
       "A public torch name the code looks up was removed in this release",
       fixes=(H.MATCH_INSTALLED_SIGNATURE,), **_PUBLIC_NAME_MISSING_ELSEWHERE),
    # a torch module's __getattr__ refusing a name (`module 'torch' has no attribute 'rfft'`): the
    # hook runs only for names the module does not define, so the caller looked up an API this
    # release no longer has (the caller is the user's code when it is a file; `python -c` code too)
    _r("AOTS149", "torch-module-lookup-of-a-removed-name", "deprecated_api", 0.5,
       "Code looked up a torch API this release does not have (torch's module __getattr__ refused it)",
       types=frozenset({"AttributeError"}), functions=("__getattr__",), keywords=("module 'torch",),
       not_keywords=("'aoti_", "'aot_"), supersedes=("AOTD905", "AOTD714", "AOTS126", "AOTS127", "AOTS175"),
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # an import of a torch name or module this torch does not have ("cannot import name 'X' from
    # 'torch.export'", "No module named 'torch._export.X'"): the code was written for another
    # release, where that name existed (renamed, moved or removed since). A file of the
    # application shadowing torch reads the same words: AOTS198 explains that case.
    _r("AOTS203", "import-of-a-torch-name-this-torch-lacks", "deprecated_api", 0.52,
       "Code imports a torch name or module this torch does not have (renamed, moved or removed since)",
       raise_sites=frozenset({"user", "library", ""}),  # torch importing its own name: AOTS127
       supersedes=("AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"), fixes=(H.RENAMED_TORCH_NAME,),
       **_TORCH_NAME_MISSING_ON_IMPORT),
    # the same import made by a package installed beside torch (its frame in site-packages): that
    # package was released against another torch, a version skew more often than a rename
    _r("AOTS256", "library-imports-a-torch-name-this-torch-lacks", "version_mismatch", 0.56,
       "A package beside torch imports a torch name or module this torch does not have (written for "
       "another torch release)",
       raise_sites=frozenset({"library"}),
       supersedes=("AOTS203", "AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"), fixes=(H.LIBRARY_FOR_THIS_TORCH,),
       **_TORCH_NAME_MISSING_ON_IMPORT),
    # `import torch` itself failing inside torch/__init__.py: a released torch imports, so its
    # package and the libraries it loads (torch._C, libtorch*) come from different installs (a
    # partial upgrade, two torches in one environment, LD_LIBRARY_PATH or PYTHONPATH reaching
    # another torch's files). Not torch's own missing module (AOTS127), which reads the same words
    _r("AOTS314", "torch-fails-to-import-itself", "version_mismatch", 0.6,
       "`import torch` failed inside torch itself: its files come from more than one install",
       types=frozenset({"ImportError", "ModuleNotFoundError"}), modules=("torch", "torch.__init__"), at=("<module>",),
       keywords=("no module named 'torch", "from 'torch"), not_keywords=("partially initialized",),
       supersedes=("AOTS127", "AOTS203", "AOTS261", "AOTD905"), fixes=(H.ONE_TORCH_INSTALL,)),
    # the same import error shown without the frame that made it: the line a framework or a tool
    # prints when a package fails to import. Public reports of this kind were packages written for
    # a newer torch (torch too old for them), so the skew is named first and the rename beside it
    _r("AOTS261", "import-of-a-torch-name-by-an-unseen-importer", "version_mismatch", 0.54,
       "An import of a torch name or module this torch does not have, by code the text does not show "
       "(often a package written for another torch release)",
       raise_sites=frozenset({""}),
       supersedes=("AOTD905", "AOTS121", "AOTS123", "AOTS126", "AOTS127"),
       fixes=(H.LIBRARY_FOR_THIS_TORCH, H.RENAMED_TORCH_NAME), **_TORCH_NAME_MISSING_ON_IMPORT),
    # a package installed beside torch reading an attribute an object does not have, in its own
    # frame: the object comes from torch or another package of another release than the one it
    # was written against (a renamed ExportedProgram field, a config object that became a class)
    _r("AOTS266", "library-meets-an-object-of-another-release", "version_mismatch", 0.52,
       "A package beside torch reads an attribute an object of torch or of another package does not "
       "have: they are of releases that do not go together",
       types=frozenset({"AttributeError"}), raise_sites=frozenset({"library"}), keywords=("object has no attribute",),
       supersedes=("AOTD905", "AOTS121", "AOTS126"), fixes=(H.LIBRARY_FOR_THIS_TORCH,)),
    # an op of a third-party namespace (torch.ops.torch_scatter, torch.ops.fbgemm) not registered:
    # its library is not installed, or not imported, in this process. The host's, not AOTI's: a
    # named unknown with the library to install or import (torch's own namespaces: AOTD515).
    _r("AOTS217", "third-party-op-library-missing", "unknown", 0.5,
       "An op of a third-party library is not registered here (the library is not installed, or not imported)",
       types=frozenset({"AttributeError"}), keywords=("'_opnamespace' '",),
       not_keywords=tuple(f"'_opnamespace' '{ns}'" for ns in TORCH_OP_NAMESPACES),
       phases=frozenset({P.EXPORT, P.COMPILE, P.LOAD, P.RUN, P.UNKNOWN}),
       supersedes=("AOTS105", "AOTS106", "AOTS121", "AOTS126", "AOTD905"), fixes=(H.LOAD_OP_LIBRARY,)),
    # the AOTI entry points called with another release's signature (the 2.5-era package API took
    # example args; keywords renamed since): Python's own argument check, raised before any work
    _r("AOTS177", "aoti-api-called-with-another-signature", "deprecated_api", 0.6,
       "An AOTI entry point was called with another release's arguments",
       types=frozenset({"TypeError"}), keywords=_RECIPE_CALLS,
       also_keywords=("positional argument", "required positional", "required keyword") + _FORMER_KEYWORDS,
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # a keyword the entry point took in no release (another API's option carried over, a
    # misspelling): the call does not support that option. A keyword an earlier release took is
    # AOTS177's (an older recipe).
    _r("AOTS207", "aoti-api-given-a-keyword-it-does-not-take", "unsupported", 0.55,
       "An AOTI or export entry point was given a keyword it takes in no release (another API's option, "
       "or a misspelling)",
       types=frozenset({"TypeError"}), keywords=_RECIPE_CALLS, also_keywords=("unexpected keyword argument",),
       not_keywords=_FORMER_KEYWORDS + _LEGACY_CALLS, fixes=(H.OPTION_OF_ANOTHER_API,)),
    # the legacy entry points (torch._export.aot_compile / aot_load) given the keywords of the
    # current API or of torch.export: code between two generations; the legacy call is the cause
    _r("AOTS210", "legacy-api-given-a-newer-keyword", "deprecated_api", 0.6,
       "The legacy aot_compile/aot_load was given a keyword of the current API or of torch.export",
       types=frozenset({"TypeError"}), keywords=_LEGACY_CALLS, also_keywords=("unexpected keyword argument",),
       fixes=(H.MIGRATE_TO_PACKAGE_API,)),
    # torch's config module refuses an option it does not have (`torch._inductor.config.X does not
    # exist`, from get, set or patch): an option renamed or removed since the recipe was written
    # (`abi_compatible`), an option of another torch, or a name misspelt or guessed. Not an internal
    # error of the compiler it was raised in. The words do not tell these apart, so the reading
    # names each and claims none above 0.5. The six labelled reports read this way (stop 35): another
    # release 4, unsupported 1, unknown 1, the legacy API (deprecated_api) none, so another release
    # is first. torch.compile's options= says the same in its own words ("Unexpected optimization
    # option X, known options are"), and a config module read as a plain module ("module
    # 'torch._dynamo.config' has no attribute")
    _r("AOTS182", "config-option-not-in-this-torch", "deprecated_api", 0.4,
       "A torch config option this torch does not have (renamed or removed since, or misspelt)",
       supersedes=("AOTS121", "AOTS126", "AOTD901"), **_CONFIG_OPTION_MISSING),
    _r("AOTS242", "config-option-name-unknown", "unsupported", 0.42,
       "A config option name this torch does not know (misspelt or guessed)", **_CONFIG_OPTION_MISSING),
    _r("AOTS243", "config-option-of-another-torch", "version_mismatch", 0.46,
       "A config option of another torch release than the one installed", **_CONFIG_OPTION_MISSING),
    # a config SECTION's name refused as an option (`torch._inductor.config.cpp does not exist`):
    # the configs were nested by section, as a YAML or JSON file holds them; inductor_configs and
    # config.patch take flat dotted keys. Not an option renamed since (AOTS182).
    _r("AOTS215", "configs-nested-by-section", "unsupported", 0.62,
       "Compile configs were given nested by section ({'cpp': {...}}); they take flat dotted keys",
       types=frozenset({"AttributeError"}),
       keywords=tuple(f"config.{sec} does not exist" for sec in
                      ("aot_inductor", "cpp", "triton", "trace", "cuda", "rocm", "halide", "cutlass",
                       "test_configs", "xpu")),
       supersedes=("AOTS121", "AOTS126", "AOTS182", "AOTS242", "AOTS243", "AOTD901"), fixes=(H.FLAT_CONFIG_KEYS,)),
    # torch refusing, on purpose, a value it was handed while compiling (`raise ValueError(...)`
    # in its own code: a model name, an option's value, a path): AOTI does not take that value.
    # Python's own ValueErrors (unpacking, conversions, lookups) inside torch are not refusals.
    _r("AOTS183", "compile-refused-a-value", "unsupported", 0.5,
       "torch refused a value it was given while compiling (a name, an option or a path it does not take)",
       types=frozenset({"ValueError"}), phases=frozenset({P.COMPILE}), raise_sites=frozenset({"torch"}),
       not_keywords=("values to unpack", "invalid literal for", "is not in list", "not in tuple",
                     "empty sequence", "math domain error", "could not convert", "substring not found",
                     "out of memory", "device")),  # a device refused is a device reading, never "not taken"
    # torch asserting, in its own compile or package code, a requirement on a value it was handed
    # ("must only contain strings", "Expect package path to be ...", "is not a valid file path"):
    # the message states the contract the argument broke, so it is a refusal, not torch's own bug
    _r("AOTS194", "asserted-requirement-on-a-value", "unsupported", 0.6,
       "torch asserted a requirement on a value it was handed (an option, a path, a file list)",
       types=frozenset({"AssertionError"}), phases=frozenset({P.COMPILE, P.LOAD}),
       raise_sites=frozenset({"torch"}),
       keywords=("must ", "expect ", "expected ", "is not a valid", "should be ", "only contain"),
       not_keywords=("internal assert", "report a bug"), supersedes=("AOTD901", "AOTS121", "AOTS126")),
    # torch's config module reads TORCHINDUCTOR_* / TORCH* variables while it is imported; a value
    # it refuses there (an int() of "auto", a start method it does not know) is the environment's
    _r("AOTS199", "config-refused-an-environment-value", "compile_toolchain", 0.56,
       "torch's config refused a value it read from the environment while being imported",
       types=frozenset({"ValueError", "AssertionError", "TypeError", "KeyError"}),
       modules=("torch._inductor.config", "torch._dynamo.config", "torch._functorch.config"),
       supersedes=("AOTD901", "AOTS121", "AOTS126", "AOTS183"), fixes=(H.ENVIRONMENT_VALUE_REFUSED,)),
    # "cannot import name X from Y (<path>)" with a path outside any site-packages: a file of the
    # application has the library's name and shadows it. The host's, not AOTI's: a named unknown.
    _r("AOTS198", "application-file-shadows-a-library", "unknown", 0.5,
       "A file of the application shadows a library torch imports (the import found the wrong file)",
       types=frozenset({"ImportError"}), keywords=("cannot import name",),
       also_keywords=(".py)",),
       not_keywords=("site-packages", "dist-packages", "unknown location", "partially initialized"),
       phases=frozenset({P.EXPORT, P.COMPILE, P.LOAD, P.RUN, P.UNKNOWN}),
       supersedes=WRAPPED + ("AOTS121", "AOTS126", "AOTS203", "AOTD905"), fixes=(H.RENAME_SHADOWING_MODULE,)),
    # aoti_compile_and_package refusing anything but an ExportedProgram: most often a GraphModule
    # from an older generation's recipe (torch._dynamo.export, aot_compile, fx tracing). The
    # declared limit (AOTD508) and that reading share the words, so neither claims >= 0.7.
    _r("AOTS138", "package-api-given-an-older-generation-object", "deprecated_api", 0.45,
       "aoti_compile_and_package was given what an older API generation produced (a GraphModule)",
       functions=("aoti_compile_and_package",), keywords=("only exportedprogram",),
       rivals=("AOTD508",), fixes=(H.MIGRATE_TO_PACKAGE_API,)),
    # torch.library checking a custom op against its declaration at run time: an output that
    # aliases an input, a mutation the schema does not declare. The op breaks the contract
    # custom ops must keep to be traced and compiled.
    _r("AOTS184", "custom-op-broke-its-contract", "unsupported", 0.58,
       "A custom op broke the contract torch.library checks (an output aliasing an input, an "
       "undeclared mutation)",
       keywords=("custom operator", "custom op", "the operator's schema"),
       also_keywords=("must not also be an input", "may not alias", "empirically wrong", "mutates_args"),
       supersedes=("AOTS152",)),
    # pybind refusing the arguments of AOTI's loader constructor: the caller's arguments reached it
    # in another signature's order (the legacy `aot_load(path, device)`, `load_package(path,
    # model_name)`), not a defect of the loader
    _r("AOTS185", "aoti-loader-called-with-another-signature", "deprecated_api", 0.58,
       "AOTI's loader was handed arguments in another signature's order (a device or a model name "
       "where a flag is taken)",
       types=frozenset({"TypeError"}), keywords=("incompatible constructor arguments",),
       phases=frozenset({P.LOAD}), supersedes=("AOTS123", "AOTS121", "AOTS126"),
       fixes=(H.LOADER_SIGNATURE,)),
    # the loader looking for a model named like a device ('cpu', 'cuda:0'): the legacy
    # aot_load(path, device)'s second argument landed in load_package's model_name
    _r("AOTS327", "device-given-as-the-model-name", "deprecated_api", 0.62,
       "The package loader was asked for a model named like a device: the legacy aot_load(path, "
       "device) call's device landed in the model name",
       phases=frozenset({P.LOAD}), keywords=("model 'cpu'", "model 'cuda", "model 'mps'", "model 'xpu"),
       regex=r"model '(?:cpu|cuda(?::\d+)?|mps|xpu(?::\d+)?)'",
       supersedes=("AOTD909", "AOTS160", "AOTS123"), fixes=(H.LOADER_SIGNATURE,)),
    # aoti_compile_and_package refusing a `.so` output path: the legacy aot_compile wrote a shared
    # library, and a call moved to the package API kept its file name (4 of the 14 labelled rows
    # with a `.so` there are deprecated_api, the rest unsupported or unknown). A lower candidate
    # beside the refusal's own reading (AOTD534, unsupported), which names the path's fix
    _r("AOTS348", "legacy-so-output-name-given-to-the-package-api", "deprecated_api", 0.4,
       "A shared-library (.so) output name, as the legacy aot_compile wrote, given to "
       "aoti_compile_and_package, which writes only .pt2 archives",
       keywords=("expect package path to be a file ending in .pt2",), regex=r"instead got \S*\.so\b",
       fixes=(H.PACKAGE_OUTPUT_PATH, H.MIGRATE_TO_PACKAGE_API)),
    # the host refusing the loader's files while it extracts the package (a full or capped disk,
    # no open-file descriptors left, a TMPDIR that is gone): a cause outside AOTI's families, so
    # the reading is `unknown`, named, with the host's fix. (At compile the same limits are the
    # build environment's: compile_toolchain.)
    _r("AOTS186", "host-refused-extraction", "unknown", 0.5,
       "The host refused the files the loader extracts (disk space or quota, open-file limit, TMPDIR)",
       phases=frozenset({P.LOAD}),
       keywords=("failed to extract zip file", "error generating temporary directory",
                 "no usable temporary directory", "no space left on device", "too many open files",
                 "disk quota exceeded", "file too large"),
       supersedes=("AOTS123", "AOTS160", "AOTS165"), fixes=(H.HOST_FILES,)),
    # torch.export.load finding no ExportedProgram in the archive it opened: the file holds
    # something else, most often an AOTI package (a compiled model, which only aoti_load_package
    # opens). Its message points at warnings; the mechanism is the wrong loader, not export.
    # (0.42: the same message also meets an archive of a newer export schema, or one stripped of
    # its weights; only the warnings before it, which a traceback does not hold, tell them apart)
    _r("AOTS187", "export-load-found-no-program", "unsupported", 0.42,
       "torch.export.load found no ExportedProgram it could read in the file (an AOTI package holds a "
       "compiled model)",
       keywords=("error when deserializing the saved file",), raise_sites=frozenset({"torch"}),
       supersedes=("AOTS106", "AOTS126"), fixes=(H.EXPORT_LOAD_IS_NOT_AOTI,)),
    # Python's own error inside torch.export.save / torch.export.load (a TypeError, KeyError,
    # AttributeError, ValueError): the serialisation entry points, not the tracer, were handed what
    # they do not take (a module or a compiled model to save; an archive whose program is not
    # named 'model', or that holds none): the call's, not a failed export of the program
    _r("AOTS322", "export-save-or-load-handed-what-it-does-not-take", "unsupported", 0.5,
       "torch.export.save or torch.export.load was handed what it does not take (not an "
       "ExportedProgram to save; an archive without one program named 'model' to load)",
       types=frozenset({"TypeError", "KeyError", "AttributeError", "ValueError"}), raise_sites=frozenset({"torch"}),
       modules=("torch.export", "torch.export.__init__"), at=("save", "load"),
       supersedes=("AOTS106", "AOTS126"), fixes=(H.EXPORT_SAVE_LOAD_TAKE,)),
    # the package writer handed the files a compile produced (Inductor's hashed wrapper, kernel,
    # weights or binary names) and one is no longer on disk: the compile's cache or output folder
    # was cleaned, moved or is another job's between compiling and packaging. The compiled
    # artifact is missing, not the call's contract (a folder or "/" given as a file: AOTS194)
    _r("AOTS339", "compiled-artifact-gone-before-packaging", "kernel_binary_missing", 0.66,
       "A file the compile produced was no longer on disk when the package was written (its cache "
       "or output folder cleaned or moved in between)",
       types=frozenset({"AssertionError", "FileNotFoundError"}), functions=("package",),
       keywords=("is not a valid file path", "no such file or directory"),
       regex=r"[/\\]c[a-z0-9]{20,}(?:\.(?:wrapper|kernel)\.(?:cpp|so)|_consts\.weights|\.(?:cubin|hsaco|spv|so|o|cpp))\b",
       supersedes=("AOTS194", "AOTS323", "AOTS160"), fixes=(H.CACHE_CHANGED_UNDERNEATH,)),
    # the .pt2 archive's reader and writer assert on what they are handed (file lists and paths,
    # something to write, the archive's declared format): a broken contract of the call or an
    # archive edited by hand. A contract the message states in words is AOTS194's, at 0.6.
    _r("AOTS323", "pt2-archive-code-asserted-on-its-input", "unsupported", 0.5,
       "The .pt2 archive code asserted a requirement on what it was handed (files, paths, the "
       "archive's declared format)",
       types=frozenset({"AssertionError"}), raise_sites=frozenset({"torch"}),
       modules=("torch.export.pt2_archive._package",), not_keywords=("internal assert", "report a bug"),
       supersedes=("AOTS121", "AOTS126"), fixes=(H.PT2_ARCHIVE_API_CONTRACT,)),
    # torch.load finding no `data.pkl` in a zip: the file is an archive, but not a torch.save
    # checkpoint (an AOTI or export .pt2 read as weights); torch's own text blames corruption
    _r("AOTS166", "torch-load-of-a-non-checkpoint-archive", "unsupported", 0.55,
       "torch.load was handed an archive that is not a torch.save checkpoint (a .pt2 package)",
       keywords=("failed locating file data.pkl",), supersedes=("AOTS160",),
       fixes=(H.PACKAGE_IS_NOT_A_CHECKPOINT,)),
    # each torch archive loader opens its format's own first record: TorchScript's constants.pkl,
    # torch.package's .data/extern_modules. Not finding it, the file is a torch archive of another
    # kind (a .pt2 package, a torch.save checkpoint) handed to the wrong loader; torch's own text
    # blames corruption, which a damaged file would show as an unreadable zip (AOTS167)
    _r("AOTS206", "torch-archive-read-by-another-loader", "unsupported", 0.52,
       "A torch archive was opened by the loader of another kind of archive (torch.jit.load or "
       "torch.package given a .pt2 package or a torch.save checkpoint)",
       keywords=("failed locating file constants.pkl", "failed locating file .data/extern_modules"),
       supersedes=("AOTS123", "AOTS160", "AOTS171"), fixes=(H.LOADER_FOR_THE_ARCHIVE,)),
    # AOTI's loader opened the file but miniz found no readable zip in it: the bytes were changed
    # on the way (a text-mode transfer, a header or signature wrapped around it, a cut-off copy,
    # a pointer file): outside AOTI's families, a named unknown with the check to make. A
    # missing file is AOTS224 ("file open failed").
    _r("AOTS167", "package-archive-damaged", "unknown", 0.45,
       "The package file is not a readable zip archive (changed, wrapped or cut off on its way)",
       **_ZIP_UNREADABLE, supersedes=("AOTS123", "AOTS160"), fixes=(H.VERIFY_PACKAGE_BYTES,)),
    # the same unreadable archive read by what it leaves the loader: no compiled model to load. The
    # labelled reports call a damaged package either way (the host's transfer, or the model's
    # binary missing: 6 and 7 of 13 rows, 2026-12-06), so this reading stays just below AOTS167 (and
    # below AOTS226's compiled library handed over, which reads the same zip error, with the load
    # phase's prior added)
    _r("AOTS324", "package-archive-damaged-no-model-to-load", "kernel_binary_missing", 0.37,
       "The package's bytes hold no readable archive, so no compiled model can be loaded from it",
       **_ZIP_UNREADABLE, fixes=(H.VERIFY_PACKAGE_BYTES,)),
    # torch's archive writer refusing the package path (no parent directory, not openable, the
    # OS's own refusal to open it: a read-only volume, a folder of that name): the host's path,
    # not the compiler's. Only the writer (PyTorchFileWriter) says these words, so a traceback cut
    # above the compile call (read as load, or placed nowhere) is the same refusal
    _r("AOTS168", "package-output-path-refused", "unknown", 0.45,
       "The package could not be written at the path given (its folder is missing or not writable, or "
       "the OS refused to open it there)",
       phases=frozenset({P.COMPILE, P.LOAD, P.UNKNOWN}),  # a cut traceback may read as load
       keywords=("parent directory", "open file failed with strerror"),  # the writer's own words only
       also_keywords=("does not exist", "cannot be opened", "strerror"),  # the OS's refusal: read-only, a folder
       supersedes=("AOTS121", "AOTS126", "AOTD901"), fixes=(H.PACKAGE_OUTPUT_PATH,)),
    # the package API's own argument check (an assert or ValueError in aoti_compile_and_package or
    # aoti_load_package itself): it does not take what it was given (a path without .pt2)
    _r("AOTS189", "package-api-refused-an-argument", "unsupported", 0.5,
       "The AOTI package API refused an argument it does not take",
       types=frozenset({"AssertionError", "ValueError"}), raise_sites=frozenset({"torch"}),
       at=("aoti_compile_and_package", "aoti_load_package", "_aoti_compile_and_package_inner", "load_package"),
       supersedes=("AOTS194",)),  # the same refusal, read at the API's own entry
    # Python's own error on an argument inside the package API's entry (a string or a list of pairs
    # where it indexes a dict): the API was handed a value of a type it does not take
    _r("AOTS211", "package-api-given-an-argument-of-another-type", "unsupported", 0.5,
       "The AOTI package API was handed an argument of a type it does not take (it failed using it)",
       types=frozenset({"TypeError", "AttributeError", "KeyError", "IndexError"}), raise_sites=frozenset({"torch"}),
       at=("aoti_compile_and_package", "aoti_load_package", "_aoti_compile_and_package_inner", "load_package"),
       fixes=(H.MATCH_INSTALLED_SIGNATURE,)),
    # torch's own code reaching a private submodule of its own as an attribute before anything
    # imported it (2.10.0's aoti_load_package reads torch._inductor.codecache, which a process that
    # compiled nothing never imported): an import-order bug of that torch, which importing the
    # submodule first works around. A name missing from a PUBLIC module is another torch's (AOTS288)
    _r("AOTS310", "torch-submodule-used-before-import", "torch_bug", 0.7,
       "torch used one of its own submodules before anything imported it",
       types=frozenset({"AttributeError"}), raise_sites=frozenset({"torch"}), keywords=("has no attribute",),
       regex=r"module 'torch(?:\.\w+)*' has no attribute '(?:" + "|".join(TORCH_PRIVATE_SUBMODULES) + r")'",
       supersedes=("AOTD905", "AOTS106", "AOTS121", "AOTS123", "AOTS126", "AOTS127"),
       fixes=(H.IMPORT_THE_SUBMODULE_FIRST, H.UPGRADE_OR_PIN_TORCH)),
)
