"""The VS Code extension (editors/vscode): it builds from a clean copy with the documented
commands (``npm ci``, ``npm run compile``, ``npm run bundle``), its unit and grammar tests pass
(``npm test``: the client logic without VS Code, activation against a stand-in ``vscode`` module,
and the TextMate grammars — ours and the nvgpu injection over ours and over a stand-in for another
extension's — run by vscode-textmate + the Oniguruma wasm over test/fixtures), and ``vsce
package`` makes a .vsix holding the bundled extension and both grammars, which node loads. The
manifest's settings are the ones the server reads."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from nvgpu_ls.settings import _READERS, LAUNCH_ONLY

pytestmark = pytest.mark.slow

EXTENSION = Path(__file__).resolve().parent.parent / "editors" / "vscode"
FIXTURES = EXTENSION / "test" / "fixtures"
SKIP_COPY = shutil.ignore_patterns("node_modules", "out", "*.vsix")

NODE = shutil.which("node")
NPM = shutil.which("npm")
needs_node = pytest.mark.skipif(NODE is None or NPM is None, reason="node and npm are not installed")


def _run(args: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, f"{' '.join(args)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the extension as a clean checkout has it, installed and compiled."""
    work = tmp_path_factory.mktemp("vscode") / "vscode"
    shutil.copytree(EXTENSION, work, ignore=SKIP_COPY)
    assert NPM is not None
    _run([NPM, "ci", "--no-audit", "--no-fund"], work, timeout=600)
    _run([NPM, "run", "compile"], work, timeout=300)
    _run([NPM, "run", "bundle"], work, timeout=300)
    assert (work / "out" / "extension.js").is_file() and (work / "dist" / "extension.js").is_file()
    return work


@needs_node
def test_unit_and_grammar_tests_pass(built: Path) -> None:
    assert NPM is not None
    result = _run([NPM, "test"], built, timeout=300)
    assert " passing" in result.stdout and " failing" not in result.stdout, result.stdout
    for suite in ("resolveServerCommand", "serverSettings", "targetFromSymbols", "preview URIs", "debounce",
                  "resource lenses", "activation (against a stand-in vscode API)", "beside the MLIR extension",
                  "grammar: nvgpu and nvvm tokens injected over our base grammar",
                  "grammar: nvgpu and nvvm tokens injected over another extension's base grammar",
                  "grammar: Hopper wgmma kernel", "grammar: Ampere mma.sync kernel", "grammar: generic form",
                  "grammar: aliases and symbols"):
        assert suite in result.stdout, f"suite {suite!r} did not run:\n{result.stdout}"


@needs_node
def test_vsix_packages_the_extension_and_grammar(built: Path, tmp_path: Path) -> None:
    vsix = tmp_path / "nvgpu-ls.vsix"
    vsce = built / "node_modules" / ".bin" / "vsce"
    assert vsce.exists(), "@vscode/vsce is a devDependency"
    _run([str(vsce), "package", "--out", str(vsix)], built, timeout=300)
    assert vsix.is_file()
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("extension/package.json"))
    for needed in ("extension/dist/extension.js", "extension/syntaxes/mlir.tmLanguage.json",
                   "extension/syntaxes/nvgpu-injection.tmLanguage.json",
                   "extension/language-configuration.json", "extension/package.json", "extension/readme.md"):
        assert needed in names, f"{needed} is not in the vsix"
    # Bundled: vscode-languageclient is inside dist/extension.js, nothing else ships as JavaScript.
    leaked = sorted(n for n in names if n.startswith(("extension/src/", "extension/test/", "extension/out/",
                                                      "extension/node_modules/")) or n.endswith(".map"))
    assert not leaked, f"development files in the vsix: {leaked[:10]}"
    assert manifest["main"] == "./dist/extension.js"
    # The bundle loads in node (with a stand-in for the vscode module, which only VS Code provides).
    archive_dir = tmp_path / "unpacked"
    with zipfile.ZipFile(vsix) as archive:
        archive.extractall(archive_dir)
    assert NODE is not None
    probe = ("const M=require('module');const o=M._load;"
             "const any=new Proxy(function(){},{get:(t,k)=>k==='prototype'?{}:any,apply:()=>any,construct:()=>any});"
             "M._load=function(r,...a){return r==='vscode'?any:o.call(this,r,...a)};"
             "const e=require(process.argv[1]);console.log(typeof e.activate+' '+typeof e.deactivate)")
    loaded = _run([NODE, "-e", probe, str(archive_dir / "extension" / "dist" / "extension.js")], tmp_path, timeout=60)
    assert loaded.stdout.strip() == "function function"


def test_manifest_settings_are_the_servers() -> None:
    """Every setting the server reads is contributed, and the client's own are the launch ones."""
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    contributed = {key.removeprefix("nvgpu-ls.") for key in manifest["contributes"]["configuration"]["properties"]}
    workspace_settings = set(_READERS) - LAUNCH_ONLY  # the extension derives the launch-only ones
    assert workspace_settings <= contributed and not LAUNCH_ONLY & contributed
    assert contributed - workspace_settings == {"serverPath", "pythonPath", "trace.server"}
    settings_ts = (EXTENSION / "src" / "settings.ts").read_text(encoding="utf-8")
    for key in workspace_settings:
        assert f"'{key}'" in settings_ts, f"the client does not pass {key} to the server"
    for key in LAUNCH_ONLY:
        assert f"{key}:" in settings_ts, f"the client does not pass {key} at launch"
    properties = manifest["contributes"]["configuration"]["properties"]
    assert properties["nvgpu-ls.loweringEngine"]["enum"] == ["builtin", "upstream"]
    assert manifest["activationEvents"] == ["onLanguage:mlir"]
    commands = {c["command"] for c in manifest["contributes"]["commands"]}
    assert {"nvgpu.lowerToNvvm", "nvgpu.previewPtx"} <= commands
    grammar = json.loads((EXTENSION / "syntaxes" / "mlir.tmLanguage.json").read_text(encoding="utf-8"))
    assert grammar["scopeName"] == "source.mlir"
    injection = json.loads((EXTENSION / "syntaxes" / "nvgpu-injection.tmLanguage.json").read_text(encoding="utf-8"))
    contributed_grammars = {g["scopeName"]: g for g in manifest["contributes"]["grammars"]}
    assert contributed_grammars[injection["scopeName"]]["injectTo"] == ["source.mlir"]
    assert injection["injectionSelector"].startswith("L:source.mlir")
    from nvgpu_ls.settings import DIAGNOSTICS_MODES
    assert properties["nvgpu-ls.diagnostics"]["enum"] == ["auto", *DIAGNOSTICS_MODES]


def test_fixtures_are_valid_nvgpu(tmp_path: Path) -> None:
    """The grammar's sample files are kernels nvgpu-ls accepts (no errors)."""
    from nvgpu_ls.cli import main

    assert main(["--check", "--no-config", *map(str, sorted(FIXTURES.glob("*.mlir")))]) == 0


def test_settings_that_name_programs_come_from_user_settings_only() -> None:
    """``serverPath``, ``pythonPath`` and ``ptxasPath`` were machine-overridable, so a repository's
    ``.vscode/settings.json`` could name the program VS Code starts (issue 16)."""
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    properties = manifest["contributes"]["configuration"]["properties"]
    programs = ["nvgpu-ls.serverPath", "nvgpu-ls.pythonPath", "nvgpu-ls.ptxasPath"]
    assert all(properties[name].get("scope") == "machine" for name in programs)
    untrusted = manifest["capabilities"]["untrustedWorkspaces"]
    assert untrusted["supported"] == "limited" and set(programs) <= set(untrusted["restrictedConfigurations"])
