"""A card's whole text in words, for the zoom panel: what the printed card says with icons
(zone, size, vocations, restriction, effects, the ballot and payout shown when revealed).

Each effect and restriction kind of the closed vocabulary (effects.py) has a sentence under
"urban_sprawl.scene.fx.<kind>" in strings_scene.toml; its parameters are put into words here
(a zone, a resource, a scope, a politician). tests/games/urban_sprawl/test_us_zoom.py puts every
card of the level into words in both languages: a kind without a sentence fails there, never on
screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import Card, Contract, EventCard, Permit, Rule

Words = Callable[..., str]  # the room's translator for a key under "scene."
# Parameters that name something: each is put into words with the key prefix given here.
NAMED = {"resource": "res.", "cost_resource": "res.", "gain_resource": "res.",
         "zone": "zone.", "scope": "scope.", "politician": "office.", "vocation": "vocation.",
         "edge": "edge.", "area": "area."}
# Kinds whose sentence depends on one parameter's value: one key per value.
BY_VALUE = {"place_park": "scope", "activate": "what"}


def _said(words: Words, key: str, **params: Any) -> str | None:
    """`key` in words, or None when the strings have no such key (the translator gives the key
    back, under the room's prefix)."""
    text = words(key, **params)
    return None if text.endswith(key) and "." in text[:-len(key) or None] else text


def _named(words: Words, prefix: str, value: Any) -> str:
    """A named parameter in words; one the strings do not know (a new area, a new kind of
    disaster) reads as its own name rather than as a key."""
    return _said(words, prefix + str(value)) or str(value).replace("_", " ")


def rule_sentence(rule: Rule, words: Words) -> str:
    """One effect or restriction as a sentence (a kind without one reads as a generic
    sentence naming it: an engine ahead of its strings never shows a key)."""
    key, chosen = rule.kind, BY_VALUE.get(rule.kind)
    if chosen is not None:
        key += "." + str(rule.params[chosen])
    elif rule.params.get("vocation") == "any":
        key, chosen = key + ".any", "vocation"
    params: dict[str, Any] = {}
    for name, value in rule.params.items():
        prefix = NAMED.get(name)  # the parameter that chose the sentence is not put in words
        params[name] = _named(words, prefix, value) if prefix and name != chosen else value
    if "size" in rule.params:  # 0: any size
        size = rule.params["size"]
        params["size"] = words("fx_size", size=size) if size else ""
    if "marker" in rule.params:
        marker = rule.params["marker"]
        params["marker"] = words(f"marker.{marker[0]}", value=marker[1:])
    return (_said(words, f"fx.{key}", **params)
            or words("fx.unknown", kind=rule.kind.replace("_", " ")))


def card_lines(card: Card, words: Words) -> list[str]:
    """The card's text, one paragraph per entry: what it is, then what it does."""
    if isinstance(card, Contract):
        lines = [words("about_contract", zone=words(f"zone.{card.zone}"), count=card.size)]
        if card.vocations:
            jobs = ", ".join(f"{words('vocation.' + name)} {value}"
                             for name, value in card.vocations)
            lines.append(words("about_vocations", list=jobs))
        if card.restriction is not None:
            lines.append(rule_sentence(card.restriction, words))
        lines += [rule_sentence(rule, words) for rule in card.effects]
        if card.payout:
            lines.append(words("about_payout", resource=words("res.prestige"), row=card.payout))
        return lines
    if isinstance(card, EventCard):
        return [words("about_event")] + [rule_sentence(rule, words) for rule in card.effects]
    if isinstance(card, Permit):
        zones = ", ".join(words(f"zone.{zone}") for zone in sorted(card.zones))
        lines = [words("about_permit", count=card.licences, zones=zones),
                 words("about_invest", wealth=card.invest)]
    else:
        lines = [words("renewal_text")]
    return lines + _reveal_lines(card.ballot, card.payout, words)


def _reveal_lines(ballot: bool, payout: int, words: Words) -> list[str]:
    lines = [words("about_ballot")] if ballot else []
    if payout:
        lines.append(words("about_payout", resource=words("res.wealth"), row=payout))
    return lines
