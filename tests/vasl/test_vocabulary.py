"""What a VASL piece is, from its name and art (issue 23: crews ``Icr``/``Vcr``, SS and other
squads, armor leaders come in as units; DESIGN.md 8)."""

from __future__ import annotations

import pytest

from aslgui.vasl.pieces import Piece
from aslgui.vasl.vocabulary import classify, is_elite, nationality_of_image, nationality_of_slot, ordnance_kind


def piece(name: str, image: str = "ge/ge467S") -> Piece:
    return Piece(id="p", map="Main Map", x=0, y=0, basic_name=name, basic_image=image, layers=(), rotation=None,
                 hidden=False, concealed=False, is_concealment=False)


@pytest.mark.parametrize(("name", "kind"), [
    ("4-4-7 1sq", "squad"), ("6-2-8 Esq", "squad"), ("5-4-8 SSsq", "squad"), ("8-3-8 SSAEsq", "squad"),
    ("6-4-8 Para Esq", "squad"), ("6-6-8 RMC sq", "squad"), ("4-(1)-7 1sq", "squad"), ("5-5-8 KMC(a)sq", "squad"),
    ("2-2-6 Chs", "halfsquad"), ("2-4-7 1hs", "halfsquad"),
    ("2-2-8 Icr", "crew"), ("1-2-7 Vcr", "crew"), ("2-2-8 Para Icr", "crew"), ("2-2-8 KMCcr", "crew"),
    ("2-2-8 crew", "crew"),
    ("8-1", "leader"), ("9-2 AL", "leader"), ("6+1 AL", "leader"), ("8-0 Gestapo", "leader"),
])
def test_infantry_counters_are_units_of_their_kind(name: str, kind: str) -> None:
    found = classify(piece(name))
    assert (found.role, found.kind, found.nationality) == ("unit", kind, "german")


@pytest.mark.parametrize(("name", "elite"), [("6-2-8 Esq", True), ("8-3-8 SSAEsq", True), ("4-6-8 Lehr Esq", True),
                                             ("6-5-8 SSsq", True), ("5-4-8 SSsq", True), ("8-3-8 AE SSsq", True),
                                             ("5-4-8 FJsq", True), ("2-3-8 Ehs", True), ("0-0-0 SShs", True),
                                             ("4-4-7 1sq", False), ("5-3-8 Gsq", False), ("2-2-8 Icr", False),
                                             ("1-2-8 FJcr", False), ("3-3-6 Csq", False)])
def test_a1_25_elite_is_the_class_letter_e_the_ss_and_fj(name: str, elite: bool) -> None:
    assert is_elite(name) is elite


@pytest.mark.parametrize(("name", "image", "kind"), [
    ("StuG IIIG", "ge/veh/stgiiig", "vehicle"), ("Churchill", "br/vehicles/churcroc", "vehicle"),
    ("81* MTR", "br/guns/brMTR81", "gun"), ("88L AA FlaK 18", " ", "gun"), ("LMG", "ge/geLMG", None),
])
def test_ordnance_kind_by_art_folder_or_gun_name(name: str, image: str, kind: str | None) -> None:
    assert ordnance_kind(name, image) == kind


@pytest.mark.parametrize(("image", "nationality"), [("ru/veh/T34M43", "russian"), ("am/veh/M3ht", "american"),
                                                    ("xx/veh/y", ""), ("noslash", "")])
def test_a_counters_nationality_is_its_art_folder(image: str, nationality: str) -> None:
    assert nationality_of_image(image) == nationality


@pytest.mark.parametrize(("image", "folder", "nationality"), [
    ("fi120MTR", ("VASL Counters", "Axis O/B", "Finnish", "Gun", "MTR / AT"), "finnish"),
    ("ru/veh/T34M43", ("VASL Counters", "Axis O/B", "Finnish", "Veh"), "russian"),  # the art's folder first
    ("ssPzIV", ("VASL Counters", "Axis O/B", "Waffen SS", "Veh"), "german"),
    ("kp76", ("VASL Counters", "Axis O/B", "Communist Chinese (Korea)", "Gun"), "chinese communist"),
    ("x", ("VASL Counters", "Allied O/B", "Allied Minor", "Gun"), "allied minor"),
    ("x", ("VASL Counters", "Finnish", "Gun"), ""),  # a nationality's name, but not under an O/B
    ("x", ("VASL Counters", "Axis O/B", "Gun"), ""),
])
def test_a_slots_nationality_is_its_art_folder_else_its_o_b_palette(image: str, folder: tuple[str, ...],
                                                                     nationality: str) -> None:
    assert nationality_of_slot(image, folder) == nationality
