"""Which tests check each EXC / NA / unless / only clause of the five rules sections, keyed as
tests/rules_coverage.py numbers them (``C5.2#0`` is C5.2's first such clause), and why a clause or a
paragraph has no test yet. A list names test functions (bare names, or ``file::name`` when a name
is not unique); an item starting ``none:`` says what part cannot be tested and why; a plain string
says why the whole clause cannot. tests/test_rules_coverage.py checks every name exists and every
clause of the rules text has an entry."""

from __future__ import annotations

#: Clause -> its tests (or why none).
CLAUSES: dict[str, list[str] | str] = {
    # -- C3 ------------------------------------------------------------------------------------------
    "C3.21#0": ["test_c3_21_target_outside_the_ca_is_legal_with_case_a", "test_c5_1_no_case_a_inside_the_ca"],
    "C3.22#0": [
        "test_c3_22_only_at_the_end_of_a_friendly_fire_phase",
        "test_c3_22_not_in_the_mph",
        "test_c3_22_no_ca_change_without_firing_in_the_mph",
        "test_c3_22_a_change_to_the_same_ca_is_no_change_legal_with_no_cost",
    ],
    "C3.22#1": [
        "test_c3_22_crew_must_still_be_able_to_fire_without_intensive_fire",
        "test_c3_22_an_unmanned_gun_cannot_change_its_ca",
        "test_c3_22_a_gun_that_cannot_fire_cannot_change_its_ca",
        "test_c3_22_a_kept_rof_still_lets_the_gun_change_its_ca",
        "test_c3_22_a_pinned_crew_can_still_fire_so_may_turn",
        "test_c3_22_no_ca_change_by_a_gun_that_cannot_fire",
        "test_c3_22_the_same_gun_in_working_order_changes_its_ca",
    ],
    "C3.22#2": [
        "test_c10_22_only_limbering_itself_turns_a_limbered_gun",
        "test_c10_22_ca_changes_while_unlimbering",
        "test_c10_12_ca_changes_while_hooking_and_unhooking",
        "test_c3_22_exc_d3_51_a_working_cmg_turns_the_turret_of_a_malfunctioned_ma",
        "test_c3_22_a_turret_with_a_malfunctioned_ma_and_no_other_working_turret_armament_stays",
        "test_c10_21_a_malfunctioned_gun_is_still_limbered_and_unlimbered",
    ],
    "C3.3#0": "Boats (E5.5) are not in the rules folder and not modelled",
    "C3.3#1": "Vehicular Overstacking (A5.132) is not modelled: each target of a hex is its own shot (C3.32 EX)",
    "C3.3#2": [
        "test_c3_3_exc_area_target_type_is_red_for_every_nationality",
        "test_c3_3_exc_an_area_he_shot_by_a_non_mortar_is_red_too",
        "test_c3_3_exc_area_needs_no_known_nationality",
        "test_c3_3_other_target_types_keep_the_a25_colour",
    ],
    "C3.31#0": [
        "test_c3_31_vehicle_target_type_needs_a_vehicle",
        "test_c3_31_vehicle_target_type_needs_a_specific_vehicle_not_a_hex",
        "test_c3_32_no_infantry_target_type_against_an_afv",
    ],
    "C3.31#1": ["test_c3_31_exc_he_or_smoke_at_an_afv_may_use_the_area_target_type"],
    "C3.32#0": ["test_c3_32_infantry_target_type_fires_he_or_ap_heat_vs_unarmored"],
    "C3.32#1": [
        "test_c3_32_infantry_target_type_fires_he_or_ap_heat_vs_unarmored",
        "test_c3_32_ap_or_heat_on_the_infantry_target_type_at_a_hex_of_only_an_afv_is_illegal",
        "test_c3_32_ap_at_a_hex_with_an_unarmored_enemy_beside_the_afv_is_legal",
    ],
    "C3.32#2": [
        "test_c3_32_no_infantry_target_type_against_an_afv",
        "test_c3_41_infantry_and_area_target_types_attack_unarmored_targets_or_empty_hexes",
    ],
    "C3.32#3": [
        "test_c3_32_ex_each_target_in_the_shellhole_needs_its_own_original_dr",
        "none: which units of a Location are immune (C3.4) is the player's choice of targets; each is asked "
        "about alone",
    ],
    "C3.33#0": [
        "test_c3_33_exc_a_latw_firing_smoke_is_not_told_to_use_the_area_target_type",
        "test_c3_33_smoke_must_use_the_area_target_type",
    ],
    "C3.33#1": [
        "test_c3_33_every_unit_in_the_hex_is_attacked_friendly_too",
        "none: units of one hex out of the firer's LOS (other levels) are not modelled, so a mortar's hit has no "
        "such units to reach beyond the others",
    ],
    "C3.332#0": "motorcycles (D15.5) are not modelled",
    "C3.332#1": "Collateral Attacks on Vulnerable PRC (D.8) are not modelled",
    "C3.4#0": [
        "test_c3_33_without_dice_each_unit_has_its_numbers_to_roll",
        "test_c3_32_ex_each_target_in_the_shellhole_needs_its_own_original_dr",
        "test_c3_41_infantry_and_area_target_types_attack_unarmored_targets_or_empty_hexes",
    ],
    "C3.41#0": [
        "test_c3_41_infantry_and_area_target_types_attack_unarmored_targets_or_empty_hexes",
        "test_c3_41_he_on_the_infantry_target_type_at_a_hex_of_only_an_afv_stays_legal",
        "test_c3_32_no_infantry_target_type_against_an_afv",
        "none: building levels (a Location rather than a hex) are not modelled for fire",
    ],
    "C3.6#0": [
        "test_c3_6_and_c3_9_improbable_vs_a_hd_vehicle_says_a_hull_hit_misses",
        "test_c3_6_ex_original_2_then_dr_1_to_3_hits",
    ],
    "C3.7#0": [
        "test_c3_7_exc_an_original_2_deliberate_immobilization_hit_is_no_ch",
        "test_c3_7_exc_only_the_lowest_dr_hits_no_dr_makes_a_di_hit_a_ch",
        "test_c5_72_an_improbable_deliberate_immobilization_hit_is_never_a_ch",
        "test_c3_7_when_only_the_lowest_dr_hits_a_ch_needs_a_dr_of_1",
        "test_c3_7_and_c3_9_only_the_lowest_dr_hits_without_dr_keeps_the_location",
    ],
    "C3.71#0": "C.7 (not in the rules folder) is not modelled; the CH's doubled full FP without the Area halving is "
    "tested under C3.71",
    "C3.71#1": ["test_c3_71_exc_c3_72_a_ch_needing_a_tk_dr_doubles_the_basic_tk"],
    "C3.71#2": [
        "test_c3_71_exc_a_hindrance_on_the_th_dr_is_not_reversed_by_a_ch",
        "none: building levels, pillboxes and SMOKE are not modelled",
    ],
    "C3.74#0": "Random Selection among several targets of one CH is not modelled: each target is its own shot",
    "C3.74#1": "as C3.74#0: the CH of a vehicle and Collateral Attacks (D.8) are not modelled together",
    "C3.8#0": [
        "test_c3_8_doubles_hit_by_a_15_to_40mm_gun_is_two_hits",
        "test_c3_8_no_multiple_hits_for_a_ch_non_doubles_a_miss_or_the_area_type",
    ],
    "C3.9#0": ["test_c3_7_ch_vs_a_hd_target_strikes_the_turret", "test_c3_9_hull_hit_on_a_hd_target_misses"],
    # -- C5 ------------------------------------------------------------------------------------------
    "C5.11#0": [
        "test_c5_11_turning_the_turret_uses_its_own_rate",
        "test_c5_11_pivoting_the_hull_counts_the_turrets_hexspines_at_the_nt_rate",
        "test_c5_11_a_target_in_the_tca_needs_no_case_a_even_outside_the_vca",
    ],
    "C5.11#1": [
        "test_c5_11_after_firing_from_woods_the_ca_stays_fixed",
        "test_c5_64_after_firing_from_woods_or_a_building_no_ca_change_so_no_prevention_from_outside",
        "test_d7_23_a_gun_that_must_but_cannot_change_its_ca_leaves_tpbf_or_cc",
    ],
    "C5.11#2": [
        "test_c5_11_exc_a_bounding_first_firer_in_woods_is_not_held_to_its_ca_by_c5_11",
        "none: a woods-road hex is not expressible (a hex has one terrain)",
    ],
    "C5.12#0": ["test_c5_1_no_case_a_inside_the_ca", "test_c5_12_case_a_applies_only_to_the_shot_that_turns_the_ca"],
    "C5.12#1": ["test_c5_12_case_a_applies_only_to_the_shot_that_turns_the_ca"],
    "C5.13#0": [
        "test_c5_13_bounding_first_firer_fires_only_within_its_ca",
        "test_c5_11_exc_a_bounding_first_firer_in_woods_is_not_held_to_its_ca_by_c5_11",
    ],
    "C5.2#0": [
        "test_c5_2_afph_never_keeps_multiple_rof",
        "test_c5_2_a_second_shot_in_the_afph_is_refused",
        "test_c5_2_unless_opportunity_fire_in_the_afph_the_rof_may_be_kept",
        "test_c5_2_unless_opportunity_fire_a_kept_rof_fires_again_in_the_afph",
        "test_c5_2_in_the_afph_the_popup_says_no_rof_and_the_next_shot_is_refused",
    ],
    "C5.3#0": [
        "test_c5_3_a_bounding_first_firer_with_multiple_rof_fires_again_only_after_another_mp",
        "test_c5_3_the_same_vehicle_that_kept_its_rof_1_fires_again_with_the_note",
        "test_c5_3_a_rof_1_vehicle_under_a_bounding_first_fire_counter_without_a_kept_rof_is_refused",
        "none: MP spent between shots is not tracked, so the answer notes it rather than refusing",
    ],
    "C5.31#0": [
        "test_c5_31_c5_32_restricted_and_limited_aim_add_to_case_c",
        "test_c5_31_c5_32_apply_once_it_has_entered_a_new_hex",
    ],
    "C5.34#0": [
        "test_c5_34_case_c3_not_for_opportunity_fire",
        "test_c5_34_case_c3_backblast_from_building_in_afph_counts_twice",
        "test_c5_34_with_opportunity_fire_the_passenger_of_a_stationary_vehicle_takes_no_c3",
        "test_c5_2_c5_34_a_unit_that_did_not_move_uses_opportunity_fire_with_neither_case_b_nor_c3",
        "none: risking Desperation penalties (C13.81) is not an option of the fire action",
    ],
    "C5.35#0": [
        "test_c5_35_na_motion_fire_is_not_for_a_gun_en_portee",
        "test_c5_35_c10_54_exc_no_motion_fire_from_a_vehicle_in_motion",
        "test_c5_35_a_passengers_latw_from_a_vehicle_in_motion_is_motion_fire_and_the_reading_is_noted",
    ],
    "C5.5#0": [
        "test_c5_5_case_e_same_hex_is_plus_two_doubled_in_a_building",
        "none: Bypass is not a unit state, so the Bypass exception cannot arise",
    ],
    "C5.5#1": "Bypass and CAFP are not modelled",
    "C5.51#0": [
        "test_c5_51_defensive_first_fire_in_own_hex_turns_to_the_entry_hexside",
        "test_c5_51_otherwise_case_e_fire_never_changes_the_ca",
    ],
    "C5.51#1": [
        "test_c5_51_defensive_first_fire_in_own_hex_turns_to_the_entry_hexside",
        "test_c5_64_its_ca_must_cover_the_hexside_entered_case_a",
    ],
    "C5.51#2": [
        "test_c5_51_otherwise_case_e_fire_never_changes_the_ca",
        "test_c5_64_its_ca_must_cover_the_hexside_entered_case_a",
    ],
    "C5.51#3": "VBM (D2.321) is not modelled",
    "C5.6#0": ["test_c5_6_intensive_fire_only_by_guns_not_a_latw"],
    "C5.6#1": [
        "test_c5_6_intensive_fire_limits",
        "test_c5_6_intensive_fire_is_refused_for_a_pinned_crew",
        "test_c5_64_under_a_fire_counter_the_pinned_crew_may_not_for_it_is_intensive_fire",
        "none: shocked/stunned crews and a separate Final Fire counter are not unit states",
    ],
    "C5.6#2": ["test_c5_6_intensive_fire_limits", "test_c5_6_intensive_fire_only_after_the_normal_rof_is_used"],
    "C5.6#3": ["test_c5_64_a_gun_under_a_fire_counter_fires_once_more_as_intensive_fire"],
    "C5.63#0": ["test_c5_63_case_b_applies_to_intensive_fire_only_inside_case_c"],
    "C5.64#0": ["test_c5_64_exc_no_ovr_prevention_with_no_if"],
    "C5.64#1": ["test_c5_64_a_gun_under_a_fire_counter_fires_once_more_as_intensive_fire"],
    "C5.71#0": ["test_c5_71_deliberate_immobilization_limits"],
    "C5.71#1": [
        "test_c5_71_deliberate_immobilization_allowed_when_tk_beats_hull_af",
        "test_c5_71_deliberate_immobilization_limits",
    ],
    "C5.71#2": [
        "test_c5_71_deliberate_immobilization_needs_range_six_or_less",
        "test_c5_72_deliberate_immobilization_hull_hit_immobilizes_turret_hit_does_not",
    ],
    "C5.9#0": "Night (E1.14) is not modelled",
    # -- A23 -----------------------------------------------------------------------------------------
    "A23.1#0": ["test_a23_71_set_dc_uses_the_36_column_at_minus_3_and_no_tem"],
    "A23.1#1": [
        "test_a23_1_no_hexside_tem_for_a_placed_dc",
        "test_a23_1_hexside_tem_counts_for_a_thrown_dc",
        "test_a23_71_set_dc_uses_the_36_column_at_minus_3_and_no_tem",
    ],
    "A23.2#0": [
        "test_a3_3_a_prep_fired_unit_throws_no_dc_in_the_afph",
        "test_a23_2_otherwise_the_attacker_throws_in_a_friendly_fire_phase",
        "none: the squad's inherent FP attack is not resolved by the DC actions",
    ],
    "A23.3#0": "Caves (G11.8331) are not modelled",
    "A23.4#0": [
        "test_a23_4_thrown_dc_attacks_both_locations_with_separate_drs",
        "test_a23_4_thrown_dc_malfunction_on_the_target_dr_attacks_nobody",
    ],
    "A23.5#0": ["test_a23_5_an_afv_not_predesignated_is_unaffected", "test_a23_5_predesignating_a_non_afv_is_illegal"],
    "A23.5#1": ["test_a23_5_predesignated_afv_facing_by_hexside_crossed"],
    "A23.6#0": ["test_a23_62_vs_an_afv_in_the_afph_the_plus_1_goes_to_the_position_dr"],
    "A23.6#1": [
        "test_a23_6_exc_two_levels_above_the_target_the_thrower_is_not_attacked",
        "test_a23_6_exc_a_thrower_two_levels_up_is_not_attacked_so_nothing_to_note",
        "test_a23_6_exc_a_thrower_two_levels_up_is_not_attacked_so_has_no_fp",
        "none: rubbling (B24.11) is not modelled",
    ],
    "A23.61#0": [
        "test_a23_61_no_placement_into_own_location",
        "test_a23_61_japanese_place_into_own_location_for_one_mf",
        "test_a23_61_vehicle_in_bypass_in_own_location_costs_one_mf",
        "test_a23_61_no_throw_into_own_location_unless_japanese",
    ],
    "A23.62#0": [
        "test_a23_62_thrown_in_the_afph_adds_plus_1_to_both_locations",
        "test_a23_62_an_opportunity_firer_in_the_afph_has_no_plus_1",
    ],
    "A23.7#0": ["test_a23_7_set_dc_malfunction_dr_drops_one_per_enemy_infantry_unit"],
    "A23.71#0": "bridges are not modelled",
    # -- D7 ------------------------------------------------------------------------------------------
    "D7.1#0": [
        "test_d7_1_exc_d7_14_a_vehicle_that_ovred_may_ovr_again",
        "test_d7_1_and_d7_13_bounding_first_fire_counter_forbids_ovr",
    ],
    "D7.1#1": "the announcement of the OVR MP is a procedure, and unknown (concealed) units are only an Area Fire flag",
    "D7.1#2": "as D7.1#1",
    "D7.1#3": [
        "test_d7_1_and_d7_22_ex_entering_woods_calls_for_a_bog_dr_first",
        "test_c5_64_the_popup_offers_ovr_prevention_then_the_overrun_follows",
    ],
    "D7.11#0": ["test_d7_11_rmg_does_not_add", "test_d7_11_ovr_fp_is_base_plus_one_and_a_half_times_the_non_rmg_mgs"],
    "D7.11#1": [
        "test_d7_11_ce_armored_halftrack_passengers_add_one_half_tripled",
        "test_d7_11_only_a_ce_armored_halftrack_bu_or_unarmored_ones_add_one_fourth",
        "test_d7_11_passengers_of_other_vehicles_add_one_fourth",
        "test_d7_11_without_a_type_passengers_add_one_fourth_and_the_answer_says_so",
        "test_d7_11_only_the_infantry_aboard_add_fp_beside_a_gun_en_portee",
    ],
    "D7.13#0": ["test_d7_1_exc_d7_14_a_vehicle_that_ovred_may_ovr_again"],
    "D7.13#1": ["test_d7_13_not_the_hex_it_is_in_unless_it_leaves_and_reenters"],
    "D7.15#0": [
        "test_d7_15_ft_only_ovr_ignores_tem",
        "test_d7_22_ex_woods_tem_plus_1",
        "test_d7_15_a_ft_only_ovr_loses_the_tem_but_not_the_ffmo_in_open_ground",
    ],
    "D7.15#1": [
        "test_d7_15_ft_only_ovr_ignores_tem",
        "test_d7_15_ft_only_without_a_ft_is_illegal",
        "test_d7_15_a_ft_only_ovr_loses_the_tem_but_not_the_ffmo_in_open_ground",
        "test_d7_15_a_ft_only_ovr_has_no_ffmo_outside_open_ground_or_vs_a_vehicle",
    ],
    "D7.15#2": [
        "test_d7_15_wall_tem_only_if_crossed_and_not_cumulative",
        "test_d7_15_ffmo_is_cumulative_with_a_wall_or_hedge_crossed",
    ],
    "D7.16#0": ["test_d7_16_only_one_leadership_modifier_and_the_vehicle_need_not_be_a_halftrack"],
    "D7.17#0": [
        "test_d7_17_no_weapon_to_malfunction_immobilizes_on_12",
        "test_d7_17_vs_only_an_unmanned_gun_an_original_12_immobilizes",
        "test_d7_17_a_manned_gun_is_no_inanimate_object",
    ],
    "D7.2#0": ["test_d7_2_non_cc_reaction_fire_only_vs_an_ovr"],
    "D7.21#0": ["test_d7_21_exc_ambush_is_na_unless_street_fighting"],
    "D7.21#1": [
        "test_d7_21_no_paatc_vs_an_unarmored_vehicle_or_when_already_taken",
        "test_d7_21_failed_paatc_forbids_cc_and_non_cc_reaction_fire",
        "test_d7_21_no_non_cc_reaction_fire_after_a_failed_paatc",
        "test_d7_21_nor_that_cc_reaction_fire",
        "test_d7_21_no_paatc_vs_an_unarmored_vehicle_or_by_an_exempt_unit",
        "test_d7_212_fpf_cc_is_still_made_after_a_failed_paatc",
    ],
    "D7.212#0": [
        "test_d7_221_fpf_non_cc_must_use_tpbf_ordnance_ft_or_dc",
        "test_d7_22_ex_under_final_fire_the_628_must_use_fpf_cc_with_nmc_risk",
    ],
    "D7.213#0": [
        "test_d7_213_a_pinned_unit_makes_no_cc_reaction_fire_unless_fpf",
        "none: vehicle CC attacks in the MPh are not an action the rules core answers",
    ],
    "D7.213#1": [
        "test_d7_213_a_pinned_unit_makes_no_cc_reaction_fire_unless_fpf",
        "test_d7_212_exc_a_pinned_final_fire_unit_must_fpf_cc_when_overrun",
        "test_d7_213_a_pinned_unit_makes_no_cc_reaction_fire_when_not_overrun",
    ],
    "D7.213#2": "Personnel Escort (A11.51) is not modelled",
    "D7.22#0": [
        "test_d7_221_fpf_non_cc_must_use_tpbf_ordnance_ft_or_dc",
        "test_d7_23_gun_under_first_fire_must_intensive_fire_as_fpf",
        "test_d7_22_a_pinned_defender_cannot_use_a_ft_or_dc",
    ],
    "D7.22#1": [
        "test_d7_22_a_gun_turns_to_the_vca_and_cases_a_and_e_are_na",
        "test_d7_22_reaction_fire_carries_every_drm_line_and_no_case_a_or_e",
        "test_d7_22_reaction_fire_and_fire_with_reaction_fire_answer_the_same_to_hit",
        "test_c5_64_ovr_prevention_keeps_case_e_that_reaction_fire_drops",
        "test_c5_64_ovr_prevention_turns_to_the_entry_hexside_with_case_a_reaction_fire_does_not",
        "test_d7_23_a_gun_that_must_but_cannot_change_its_ca_leaves_tpbf_or_cc",
    ],
    "D7.221#0": [
        "test_d7_23_gun_under_first_fire_must_intensive_fire_as_fpf",
        "test_d7_23_gun_under_final_intensive_or_no_fire_counter_cannot_fire",
        "test_d7_23_the_counter_read_from_the_guns_markers_is_named_in_words",
    ],
    "D7.221#1": [
        "test_d7_22_a_pinned_defender_cannot_use_a_ft_or_dc",
        "test_d7_212_no_fpf_obligation_unless_overrun",
        "test_d7_22_ex_under_final_fire_the_628_must_use_fpf_cc_with_nmc_risk",
    ],
    # -- C10 -----------------------------------------------------------------------------------------
    "C10.1#0": ["test_c10_1_bypass_is_allowed_in_narrow_streets", "test_c10_1_tow_restrictions"],
    "C10.1#1": [
        "test_c10_1_mortar_exception_lifts_the_tow_limits_and_the_mp",
        "test_c10_1_mortar_exception_is_for_76_to_107mm_only",
        "test_c10_1_a_transported_mortar_is_unloaded_only_by_a_passenger",
        "test_c10_1_exc_the_readers_case_an_81mm_mtr_by_its_type_may_reverse_at_no_extra_mp",
        "test_c10_1_exc_the_mtr_by_its_type_is_freed_of_every_listed_limit",
        "test_c10_1_no_reverse_towing_a_120mm_mtr_or_any_other_gun",
        "test_c10_1_exc_the_mtr_by_its_type_is_unloaded_only_by_a_passenger",
    ],
    "C10.11#0": ["test_c10_11_hook_up_costs_half_or_two_thirds_fru"],
    "C10.12#0": [
        "test_c10_12_unhook_costs_the_same_and_forbids_pushing",
        "test_c10_12_unhook_is_illegal_with_a_cited_reason",
        "test_c10_12_no_unhooking_after_a_passenger_of_the_vehicle_fired",
    ],
    "C10.12#1": ["test_c10_12_unhook_costs_the_same_and_forbids_pushing"],
    "C10.12#2": ["test_c10_12_exc_after_unhooking_the_vehicle_may_spend_its_remaining_mp"],
    "C10.13#0": "dismantled (dm) mortars are not modelled",
    "C10.2#0": [
        "test_c10_2_qsu_nm_rfnm_hook_up_without_limbering",
        "test_c10_2_exc_an_nm_or_rfnm_gun_is_hooked_up_unlimbered_and_the_reading_is_noted",
        "test_c10_2_any_other_non_qsu_gun_must_be_limbered_first",
    ],
    "C10.21#0": [
        "test_c10_24_lf_gun_can_fire_limbered",
        "test_c10_21_c10_24_a_limbered_gun_fires_only_with_limbered_fire",
    ],
    "C10.3#0": ["test_c10_3_push_is_illegal_with_a_cited_reason"],
    "C10.3#1": "deep streams, Bamboo and TB are not modelled for pushing",
    "C10.31#0": ["test_c10_31_hook_up_after_pushing_only_if_the_pushers_could_push_again"],
    "C10.31#1": ["test_c10_31_and_only_if_the_vehicle_still_has_the_hook_up_mp"],
    "C10.4#0": ["test_c10_4_trailer_may_not_enter_buildings_reverse_or_cross_unbreached_walls"],
    "C10.51#0": [
        "test_c10_51_only_a_crew_counter_loads_a_gun_en_portee",
        "test_c10_51_portee_load_is_illegal_with_a_cited_reason",
        "test_c10_51_portee_unload_is_illegal_with_a_cited_reason",
        "test_c10_51_a_crew_riding_the_vehicle_unloads_the_gun_en_portee_and_the_reading_is_noted",
        "test_c10_51_a_crew_aboard_another_vehicle_does_not_unload_it",
    ],
    "C10.53#0": "Ordnance Notes are not modelled",
    "C10.53#1": "Gunshields and Direct Fire at porteed Guns' Passengers are not modelled",
    "C10.54#0": [
        "test_c10_54_exc_a_porteed_gun_makes_no_bounding_first_fire",
        "test_c5_35_na_motion_fire_is_not_for_a_gun_en_portee",
        "test_c10_54_exc_no_bounding_fire_in_the_afph_after_its_vehicle_entered_a_new_hex",
        "test_c10_54_exc_no_bounding_first_fire_in_its_vehicles_mph",
        "test_c5_35_c10_54_exc_no_motion_fire_from_a_vehicle_in_motion",
        "test_c10_54_a_gun_en_portee_fires_from_a_stopped_vehicle_that_has_not_moved",
        "test_d7_11_a_gun_en_portee_adds_no_fp_and_cannot_fire_in_the_ovr",
        "test_c5_3_a_gun_en_portee_moves_only_with_its_vehicle_so_its_own_moved_still_says_it_bounds",
    ],
    "C10.54#1": "Mounted Fire (D6.72) is not modelled, so there is no penalty to leave out",
}

#: Paragraph -> why no test checks it yet.
NO_TESTS: dict[str, str] = {
    "C3.73": "fire and rubble generation (B24, B25) are not modelled",
    "C3.75": "Harassing Fire and Barrage (OBA, C1.72, E12) are not modelled",
    "A23.41": "Flames (B25.13) and rubble (B24.11) are not modelled",
    "A23.72": "Set DC Clearance and Searching (B24.75) are not modelled",
}
