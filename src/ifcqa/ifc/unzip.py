"""``.ifczip`` archives: the one .ifc inside, unpacked into a scratch folder within bounds against zip bombs.

The .ifc may expand to at most ``IFCQA_MAX_UNZIPPED_MB`` (4096) and, past 16 MB, to at most
``IFCQA_MAX_ZIP_RATIO`` (100) times its packed size; the bytes are counted as they come out (an
archive's declared sizes can lie), and the error names the limit and how to raise it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ifcqa.errors import IfcOpenError
from ifcqa.ifc.envelope import IFCXML_REFUSAL
from ifcqa.lazy import lazy_import

if TYPE_CHECKING:
    import tempfile
    import zipfile
else:  # imported on first use: only an .ifczip needs them
    tempfile = lazy_import("tempfile")
    zipfile = lazy_import("zipfile")

MAX_UNZIPPED_ENV = "IFCQA_MAX_UNZIPPED_MB"
MAX_RATIO_ENV = "IFCQA_MAX_ZIP_RATIO"
_DEFAULT_MAX_UNZIPPED_MB = 4096
_DEFAULT_MAX_RATIO = 100
_MB = 1 << 20
_CHUNK = 1 << 20
_RATIO_FLOOR = 16 * _MB


def unzip_limits() -> tuple[int, int]:
    """The bounds on an ``.ifczip``'s .ifc: (most bytes it may expand to, highest expansion ratio).

    ``IFCQA_MAX_UNZIPPED_MB`` (default 4096) and ``IFCQA_MAX_ZIP_RATIO`` (default 100; real IFC
    text deflates 4 to 10 times, a zip bomb about 1000 times) raise or lower them. The ratio is only
    checked once the output passes 16 MB: a small file that packs well does no harm.
    """
    return _env_number(MAX_UNZIPPED_ENV, _DEFAULT_MAX_UNZIPPED_MB) * _MB, _env_number(MAX_RATIO_ENV, _DEFAULT_MAX_RATIO)


def _env_number(name: str, default: int) -> int:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(float(text))
    except ValueError:
        raise IfcOpenError(f"{name}={text!r} is not a number. Set it to a positive whole number.") from None
    if value <= 0:
        raise IfcOpenError(f"{name}={text!r} must be positive. Set it to a positive whole number.")
    return value


@contextlib.contextmanager
def unzipped(path: Path) -> Iterator[Path]:
    """The one .ifc file of the ``.ifczip`` at ``path``, unpacked within bounds into a scratch folder.

    The folder is removed when the ``with`` block ends.

    Raises:
        IfcOpenError: not a zip archive, not exactly one .ifc inside (an ifcXML one named as unsupported),
            damaged, or expanding past the limits of :func:`unzip_limits`.
    """
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise IfcOpenError(f"{path}: not a zip archive. An .ifczip file must be a zip holding one .ifc file.") from None
    with archive, tempfile.TemporaryDirectory(prefix="ifcqa-") as scratch:
        members = [i for i in archive.infolist() if i.filename.lower().endswith(".ifc")]
        xml = [i for i in archive.infolist() if i.filename.lower().endswith(".ifcxml")]
        if not members and len(xml) == 1:
            raise IfcOpenError(IFCXML_REFUSAL.format(shown=f"{path} (holding {xml[0].filename})"))
        if len(members) != 1:
            raise IfcOpenError(
                f"{path}: holds {len(members)} .ifc files; an .ifczip must hold exactly one. Unzip it and "
                "open the .ifc file you mean."
            )
        member = members[0]
        if member.is_dir():
            raise IfcOpenError(f"{path}: {member.filename} in the archive is a folder, not an .ifc file.")
        extracted = Path(scratch) / "model.ifc"
        try:
            _extract_bounded(path, archive, member, extracted)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
            raise IfcOpenError(
                f"{path}: the zip archive is damaged or unreadable ({exc}). Zip the .ifc file again."
            ) from None
        yield extracted


def _extract_bounded(path: Path, archive: zipfile.ZipFile, member: zipfile.ZipInfo, target: Path) -> None:
    """Stream ``member`` into ``target``, refusing it as soon as it outgrows the limits of :func:`unzip_limits`.

    The sizes an archive declares can lie, so the bytes are counted as they come out; nothing beyond
    the limit is written, and the scratch folder holding ``target`` is removed by the caller.
    """
    max_bytes, max_ratio = unzip_limits()
    packed = max(min(member.compress_size, path.stat().st_size), 1)  # a declared size can lie
    if member.file_size > max_bytes:
        raise _too_big(path, member, max_bytes)
    written = 0
    with archive.open(member) as source, open(target, "wb") as sink:
        while block := source.read(_CHUNK):
            written += len(block)
            if written > max_bytes:
                raise _too_big(path, member, max_bytes)
            if written > _RATIO_FLOOR and written / packed > max_ratio:
                raise IfcOpenError(
                    f"{path}: {member.filename} expands more than {max_ratio:g} times its packed size "
                    f"({_size(packed)} packed, over {_size(written)} so far): refused as a likely zip bomb "
                    f"(limit {MAX_RATIO_ENV}={max_ratio:g}). If the file is genuine, raise the limit, e.g. "
                    f"{MAX_RATIO_ENV}={int(max_ratio * 10)}, or unzip it and open the .ifc."
                )
            sink.write(block)


def _too_big(path: Path, member: zipfile.ZipInfo, max_bytes: int) -> IfcOpenError:
    limit_mb = max_bytes // _MB
    return IfcOpenError(
        f"{path}: {member.filename} expands to more than {_size(max_bytes)}, the limit {MAX_UNZIPPED_ENV}="
        f"{limit_mb}. If the file is genuine, raise the limit, e.g. {MAX_UNZIPPED_ENV}={limit_mb * 4}, or unzip it "
        "and open the .ifc."
    )


def _size(count: int) -> str:
    return f"{count / _MB:,.1f} MB" if count >= _MB else f"{count:,} bytes"
