"""The action kinds (DESIGN.md 4): where each is answered, the action keys it reads and the
answer keys it always gives.  A table of names only (each resolver is imported by name on first
use), so every resolver may read it and the dispatcher (``rules.dispatch``) sits above them all."""

from typing import NamedTuple

from aslgui.rules.resolution import reason


class ActionKind(NamedTuple):
    """Where an action kind is answered (``module:function``, imported on first use so that
    ``aslgui resolve`` loads only the rules area it is asked about), every action key its
    resolver reads besides ``COMMON_KEYS`` (any other key is refused, DESIGN.md section 9), and
    the answer keys every answer of the kind carries, legal or not (DESIGN.md 4 and 7,
    docs/contract.md): ``resolve`` gives null for one its resolver could not work out (a unit off
    the map), an empty list for a list of hexes (``HEX_LIST_ANSWERS``).  ``required`` are the keys
    an action of the kind must carry, each a group of which one is enough (``fire``: ``target``
    or ``target_hex``): checked, with every key's domain, before the resolver runs (``Action``)."""

    resolver: str
    keys: frozenset[str]
    answers: tuple[str, ...]
    required: tuple[tuple[str, ...], ...]
    #: ``module:function`` answering the kind's plainest question from its bare object, without the
    #: key-by-key checks of an ``Action`` it needs none of, with the resolver's own answer (a batch
    #: asks it thousands of times, issue 40); None for any other question, which the resolver answers.
    quick: str | None = None


def _kind(resolver: str, keys: str, answers: str, quick: str | None = None) -> ActionKind:
    """``keys`` marks a required key ``key!``, and a group of which one is required ``a|b!``."""
    words = keys.split()
    required = tuple(tuple(word[:-1].split("|")) for word in words if word.endswith("!"))
    return ActionKind(resolver, frozenset(key for word in words for key in word.rstrip("!").split("|")),
                      tuple(answers.split()), required, quick)


#: Answer keys that list hex names: answered ``[]``, not null, when nothing was worked out.
HEX_LIST_ANSWERS = frozenset({"hexes", "hindrance_hexes"})
#: Kinds whose ``hexes`` is an object by hex name (DESIGN.md 12): answered ``{}`` instead.
HEX_MAP_KINDS = frozenset({"odds_map"})


#: Keys shared by the DC attacks on a Location (A23.3, A23.6): who leads, what the DC reaches.
_DC_ATTACK = "unit! target_hex! leader leadership los target_concealed target_in_bypass target_level vs_afv"
#: Keys shared by the C10 towing and portee actions: who mans the Gun, its CA, MP spent.
_TOWING = "vehicle! gun! crew ca bypass mp_spent"
#: Answer keys shared by the DC attacks (A23.3, A23.6): the attack, the X#, and its odds.
_DC_ANSWERS = "fp ift_column area_fire x_number x_number_text detonation_max_dr odds odds_216"
#: Answer keys shared by the C10 towing, limbering and portee actions.
_TOWING_ANSWERS = "vehicle gun ca ti"
_LIMBERING_ANSWERS = "gun ca ti limbered can_fire_limbered may_fire_this_player_turn"
_PORTEE_ANSWERS = f"{_TOWING_ANSWERS} limbered pp_left crew_mf_cost hazardous_movement"

#: Action kind -> its resolver, the action keys it reads (``key!`` a required one) and the answer
#: keys it always answers. A new key or kind is declared here; a resolver reading an undeclared key
#: fails every test that reaches it (``DeclaredKeys``).
RESOLVERS: dict[str, ActionKind] = {
    "ca_hexes": _kind("aslgui.rules.arcs:resolve_ca_hexes", "unit! range! arc", "unit ca range hexes"),
    "hex_info": _kind("aslgui.rules.hex_info:resolve_hex_info", "hex!", "hex terrain ground elevation hexsides source"),
    "los": _kind(
        "aslgui.rules.los:resolve_los", "from! to! from_level to_level",
        "range blocked blocked_at hindrances hindrance_hexes reason", quick="aslgui.rules.los:quick_los",
    ),
    "fire": _kind(
        "aslgui.rules.to_hit:resolve_fire",
        "firer! target|target_hex! target_type ammo pivot acquisition intensive ovr_prevention"
        " deliberate_immobilization opportunity mp_in_los los_since_mph_start basic_tk entered_from extra_drm"
        " effects_drm effects_dr reaction_fire",
        "firer target target_hex target_type ammo colour range basic_th th_modifications modified_th final_th_needed"
        " improbable critical_max_dr critical_needs_dr doubled_lower_dr ca_change_spines breakdown rof rof_note"
        " ovr_prevention odds odds_216",
    ),
    "change_ca": _kind("aslgui.rules.change_ca:resolve_change_ca", "unit! ca! arc", "unit arc from to spines phase"),
    "overrun": _kind(
        "aslgui.rules.overrun:resolve_overrun",
        "vehicle! target_hex! from_hex target leader leadership passengers mp_spent ft_only bypass reverse pillbox"
        " target_concealed immobilized_before_resolution",
        "fp fp_parts area_fire ift_column weapons mp_entry mp_ovr mp_cost mp_total bog_check targets odds odds_216",
    ),
    "reaction_fire": _kind(
        "aslgui.rules.reaction_fire:resolve_reaction_fire",
        "unit! vehicle! type! weapon fire_counter gun_fire_counter leadership melee overrun unarmed street_fighting"
        " sw_fired vehicle_stopped paatc_exempt paatc_taken paatc_passed ammo extra_drm ccv sw_fp thrower_dice",
        "type mandatory fpf nmc_on_attack_dr paatc_required",
    ),
    "place_dc": _kind(
        "aslgui.rules.demolition:resolve_place_dc",
        f"{_DC_ATTACK} unit_level paatc_passed mf_left placer_after_fire",
        f"{_DC_ANSWERS} mf_cost placement_hex target_hex paatc_required operably_placed",
    ),
    "throw_dc": _kind(
        "aslgui.rules.demolition:resolve_throw_dc", f"{_DC_ATTACK} thrower_level cavalry opportunity thrower_dice",
        f"{_DC_ANSWERS} target_drm thrower_drm thrower_drm_lines thrower_attacked",
    ),
    "set_dc": _kind(
        "aslgui.rules.set_dc:resolve_set_dc", "unit! leadership us_number",
        "hex mf_cost hazardous_movement set_dr_max odds odds_216",
    ),
    "detonate_dc": _kind(
        "aslgui.rules.set_dc:resolve_detonate_dc", "unit! hex! los ntc_passed target_concealed",
        "hex dc fp ift_column area_fire ntc_required enemy_infantry attacked malfunction_min_dr odds odds_216",
    ),
    "hook_up": _kind(
        "aslgui.rules.towing:resolve_hook_up", f"{_TOWING} crew_loads crew_mf_spent push_stopped",
        f"{_TOWING_ANSWERS} mp_cost pp_left ammo_pp crew_loads tow_mp_per_hex may_fire_this_player_turn",
    ),
    "unhook": _kind(
        "aslgui.rules.towing:resolve_unhook", _TOWING,
        f"{_TOWING_ANSWERS} mp_cost pp_left must_unlimber may_push_this_player_turn",
    ),
    "limber": _kind("aslgui.rules.towing:resolve_limbering", "gun! crew ca", _LIMBERING_ANSWERS),
    "unlimber": _kind("aslgui.rules.towing:resolve_limbering", "gun! crew ca", _LIMBERING_ANSWERS),
    "push": _kind(
        "aslgui.rules.manhandling:resolve_push",
        "gun! to_hex! pushers crew mf_spent double_time carrying_pp low_ammo paved unhooked_this_turn bypass"
        " assault_move minimum_move wire",
        "gun to_hex pushers m_number max_dr_continue max_dr_enter mf_cost hazardous_movement odds odds_216",
    ),
    "portee_load": _kind("aslgui.rules.portee:resolve_portee", f"{_TOWING} entrenched", _PORTEE_ANSWERS),
    "portee_unload": _kind("aslgui.rules.portee:resolve_portee", f"{_TOWING} entrenched", _PORTEE_ANSWERS),
    "tow_move": _kind(
        "aslgui.rules.portee:resolve_tow_move", "vehicle! to_hex! breached bypass deep_stream narrow_street reverse",
        "vehicle to_hex towing mp_extra",
    ),
    "odds_map": _kind(
        "aslgui.rules.odds_map:resolve_odds_map", "unit|threat_to_side! target_type! target",
        "target_type hexes",
    ),
    "move": _kind(
        "aslgui.rules.move:resolve_move", "unit! path! vca tca end delay",
        "unit steps mp_spent mp_left mf_spent mf_left vca tca end overrun threats",
    ),
    "trailer_target": _kind(
        "aslgui.rules.portee:resolve_trailer_target", "vehicle! facing! indirect ordnance missed_by_one",
        "vehicle separate_target size_drm rear_hull_hit_is_trailer miss_by_one_dr odds odds_216",
    ),
}


#: Kinds whose legality depends on which side is the ATTACKER (whose phase it is), and the rules
#: that decide it: with no ``player`` set (an imported VASL save) those checks are skipped, and
#: the answer says so.
SIDE_RULES: dict[str, str] = {
    "fire": "A3, C5.64, D3.3", "odds_map": "A3, C5.64, D3.3", "change_ca": "A3, C3.22", "overrun": "D7.1",
    "reaction_fire": "D7.2",
    "place_dc": "A23.3", "throw_dc": "A23.6, A23.63", "set_dc": "A23.7", "detonate_dc": "A23.7",
    "hook_up": "A3, C10.11", "unhook": "A3, C10.12", "limber": "A3, C10.21", "unlimber": "A3, C10.21",
    "push": "A3, C10.3", "move": "A3, A4.1, D2.1", "portee_load": "A3, C10.5", "portee_unload": "A3, C10.5",
}


def no_attacker_note(kind: str) -> str:
    """What an answer says when the scenario names no ATTACKER (``"player": ""``)."""
    return reason("no ATTACKER is set (the scenario's \"player\" is empty), so the phase's side rules (whose phase "
                  "it is, who may act in it) were not checked: set the ATTACKER to check them", SIDE_RULES[kind])
