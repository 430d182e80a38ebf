"""The Break Poker rules core: pure, standard library only, immutable values.

Where each rule of the rule book (``shared/docs/rules.md``) lives:

- cards and codes (section 1): :mod:`~service.engine.cards`
- hand values and the joker (section 2): :mod:`~service.engine.hands`
- legal settings and the Lucky Break (sections 3-4): :mod:`~service.engine.setting`
- the house way (section 5): :mod:`~service.engine.house_way`
- dealer qualification (section 6): :mod:`~service.engine.qualifier`
- Break Bonus categories (section 10): :mod:`~service.engine.break_bonus`
- table configuration: :mod:`~service.engine.table_config`
- rounds and their validation: :mod:`~service.engine.round`
- settlement (sections 7-9, 11): :mod:`~service.engine.settlement`
- the JSON shape of rounds and settlements: :mod:`~service.engine.round_json`
- dealing a deck read by a shoe by the table's deal order: :mod:`~service.engine.dealing`
- the rule book's edition: :mod:`~service.engine.rule_book`
- the one error type for bad input: :mod:`~service.engine.errors`
- every error code of the service, with its title (the core is the layer
  all may import): :mod:`~service.engine.error_codes`
"""
