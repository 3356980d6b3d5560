"""Where nvgpu-ls keeps what it can compute again: ``$XDG_CACHE_HOME/nvgpu-ls`` (``~/.cache/nvgpu-ls``).

The user's own cache folder, never a checkout's: a repository cannot plant entries there. The
check results (``result_cache``) and the type grammar's parse tables (``analysis.typegrammar``)
live in folders of it.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """``$XDG_CACHE_HOME/nvgpu-ls``, ``~/.cache/nvgpu-ls`` when that is unset."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nvgpu-ls"


def cache_folder(name: str) -> Path | None:
    """``cache_root() / name``, made if needed (only the user may enter it); None when it cannot
    be made (a read-only home): callers then compute without a cache."""
    folder = cache_root() / name
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) else None
