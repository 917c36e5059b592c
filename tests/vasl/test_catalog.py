"""The terrain catalog: aslgui's own table, or a library's SharedBoardMetadata.xml."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslgui.resource_files import load_json
from aslgui.vasl.catalog import SHARED_METADATA, builtin_catalog, load_catalog
from tests.vasl.shared_data import BOARDS, needs_shared

XML = b"""<?xml version="1.0"?><sharedBoardMetadata><terrainTypes>
<terrainType name="Woods" typeCode="60" isLOSObstacle="TRUE" isLOSHindrance="FALSE" isHalfLevelHeight="FALSE"
 isInherentTerrain="FALSE" split="0.0" isLowerLOSObstacle="FALSE" isLowerLOSHindrance="FALSE" height="2"
 LOSCategory="WOODS" />
<terrainType name="Glacier" typeCode="250" isLOSObstacle="FALSE" isLOSHindrance="TRUE" split="0.5" height="0"
 LOSCategory="OTHER" />
</terrainTypes></sharedBoardMetadata>"""


def test_builtin_table_knows_every_code_once_with_its_los_facts() -> None:
    catalog = builtin_catalog()
    codes = [t.code for t in catalog.types]
    assert len(codes) == len(set(codes)) > 150
    woods, wall, gully = catalog.by_code(60), catalog.by_code(72), catalog.by_code(30)
    assert woods and (woods.name, woods.obstacle, woods.height, woods.aslgui) == ("Woods", True, 1, "woods")
    assert wall and wall.is_hexside and wall.half_level and wall.aslgui == "wall"
    assert gully and gully.is_depression and gully.aslgui == "gully"
    assert "SharedBoardMetadata.xml" in catalog.source
    assert catalog.table("is_hexside")[72] and not catalog.table("is_hexside")[60]
    assert catalog.table("height")[42] == 2 and catalog.table("height")[251] == 0


def test_library_copy_is_preferred_and_keeps_aslgui_names(tmp_path: Path) -> None:
    (tmp_path / SHARED_METADATA).write_bytes(XML)
    catalog = load_catalog(("/nonexistent", str(tmp_path)))
    assert catalog.source == str(tmp_path / SHARED_METADATA)
    woods, glacier = catalog.by_code(60), catalog.by_code(250)
    assert woods and woods.height == 2 and woods.aslgui == "woods"
    assert glacier and glacier.hindrance and glacier.split == 0.5 and glacier.aslgui is None
    assert catalog.by_code(72) is None and catalog.by_name("Glacier") == glacier


@pytest.mark.parametrize("text", [b"<broken", b"<sharedBoardMetadata/>", b'<x><terrainType typeCode="x"/></x>'])
def test_damaged_library_copy_falls_back_to_the_builtin_table(tmp_path: Path, text: bytes) -> None:
    (tmp_path / SHARED_METADATA).write_bytes(text)
    assert load_catalog((str(tmp_path),)) == builtin_catalog()


def test_no_library_copy_means_the_builtin_table(tmp_path: Path) -> None:
    assert load_catalog((str(tmp_path),)) is builtin_catalog()


@needs_shared
def test_builtin_table_equals_the_snapshot_it_names() -> None:
    """resources/data/vasl_terrain.json holds what VASL's catalog of that snapshot says."""
    assert BOARDS is not None
    shared = load_catalog((str(BOARDS),))
    assert sorted(shared.types) == sorted(builtin_catalog().types)
    assert "aea9860c" in load_json("data", "vasl_terrain.json")["source"]
