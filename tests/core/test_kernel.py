"""The rules kernel: the card language's checks, the machine, rounds, the save check."""
import pytest

from tabletop.core.kernel import (ANY, INSTRUCTIONS, Context, GameOver, Machine, Opt, Round,
                                  Stuck, Vocabulary, answers, check_data, deciders, forget,
                                  pending)


def vocab():
    v = Vocabulary("test")

    @v.op("add", n=int, to=Opt(str))
    def add(ctx, ins):
        ctx.E["total"] = ctx.E.get("total", 0) + ins["n"]

    @v.op("pick", state=("asked",), seat=int)
    def pick(ctx, ins):
        if "answer" not in ins:
            ctx.ask(ins, ins["seat"], "Pick", [1, 2, 3])
            return
        ctx.E["total"] = ctx.E.get("total", 0) + ins["answer"]

    @v.op("seq", steps=INSTRUCTIONS, note=Opt(ANY))
    def seq(ctx, ins):
        ctx.push(*ins["steps"])

    @v.op("win")
    def win(ctx, ins):
        ctx.E["outcome"] = "won"
        raise GameOver

    @v.op("loop")
    def loop(ctx, ins):
        ctx.push({"op": "loop"})

    v.trigger("drawn", seat=int, card=Opt(int))
    return v


def data(*stack):
    return {"stack": list(reversed(stack)), "choice": None, "outcome": None}


def test_unknown_operations_parameters_and_types_are_named():
    v = vocab()
    assert v.problems({"op": "add", "n": 2}) == []
    assert v.problems({"op": "nope"}) == ["unknown operation 'nope'"]
    assert v.problems({"op": "add", "n": 2, "m": 1}) == ["add: unknown parameter 'm'"]
    assert v.problems({"op": "add"}) == ["add: missing parameter 'n'"]
    assert "should be int" in v.problems({"op": "add", "n": "2"})[0]
    assert "should be int" in v.problems({"op": "add", "n": True})[0]
    # placeholders stand for values in a card's declaration only
    assert v.problems({"op": "add", "n": "$info.n"}, declared=True) == []
    assert v.problems({"op": "add", "n": "$info.n"}) != []
    # nested instructions are checked in turn
    bad = {"op": "seq", "steps": [{"op": "add", "n": 1}, {"op": "ad", "n": 1}]}
    assert v.problems(bad) == ["seq.steps[1]: unknown operation 'ad'"]
    # an op's own state keys are allowed
    assert v.problems({"op": "pick", "seat": 0, "asked": 1, "answer": 2}) == []


def test_triggers_are_declared_with_their_facts():
    v = vocab()
    assert v.trigger_problems("drawn", {"seat": 0}) == []
    assert v.trigger_problems("drwan") == ["unknown trigger 'drwan'"]
    assert v.trigger_problems("drawn", {"seat": "x"})[0].endswith("should be int, not str")
    assert v.trigger_problems("drawn", {"who": 1}) == ["trigger drawn: unknown fact 'who'"]
    with pytest.raises(ValueError):
        v.trigger("drawn")


def test_the_machine_runs_until_a_choice_and_answers_it():
    v = vocab()
    m = Machine(v)
    ctx = Context(data({"op": "add", "n": 1}, {"op": "pick", "seat": 1}, {"op": "add", "n": 10}))
    m.run(ctx)
    choice = pending(ctx.E)
    assert ctx.E["total"] == 1 and choice.seat == 1 and answers(choice) == [1, 2, 3]
    check_data(v, ctx.E, nseats=2)
    m.answer(ctx, 3)
    assert ctx.E["total"] == 14 and ctx.E["choice"] is None and ctx.E["stack"] == []


def test_refresh_asks_again_and_game_over_stops():
    v = vocab()
    m = Machine(v)
    ctx = Context(data({"op": "pick", "seat": 0}))
    m.run(ctx)
    m.refresh(ctx)
    assert ctx.E["choice"]["seat"] == 0 and len(ctx.E["stack"]) == 1
    ctx = Context(data({"op": "win"}, {"op": "add", "n": 1}))
    m.run(ctx)
    assert ctx.E["outcome"] == "won" and "total" not in ctx.E and pending(ctx.E) is None


def test_an_endless_loop_is_stopped():
    m = Machine(vocab(), max_steps=50)
    with pytest.raises(Stuck):
        m.run(Context(data({"op": "loop"})))


def test_a_round_is_a_list_of_steps():
    v = vocab()
    r = Round(v, ["a", "b", "c"])
    seen = []
    r.step("a")(lambda ctx: seen.append("a"))
    r.step("b")(lambda ctx: ctx.push({"op": "pick", "seat": 0}))
    ctx = Context(data(r.enter("a")))
    Machine(v).run(ctx)
    assert seen == ["a"] and ctx.E["step"] == "b" and ctx.E["choice"]
    assert r.next("c") == "a"
    with pytest.raises(ValueError):
        r.step("z")


@pytest.mark.parametrize("bad, why", [
    ({"stack": "x"}, "not a list"),
    ({"stack": [{"op": "nope"}]}, "unknown operation"),
    ({"stack": [{"op": "pick", "seat": 0}], "choice": {"seat": 5, "kind": "one", "prompt": "",
                                                      "options": []}}, "does not exist"),
    ({"stack": [{"op": "pick", "seat": 0}], "choice": {"seat": 0, "kind": "odd", "prompt": "",
                                                      "options": []}}, "unknown"),
    ({"stack": [], "choice": {"seat": 0, "kind": "one", "prompt": "", "options": []}},
     "nothing waits"),
    ({"stack": [], "outcome": 3}, "not a word"),
])
def test_saved_rules_data_is_checked(bad, why):
    with pytest.raises(ValueError, match=why):
        check_data(vocab(), bad, nseats=2)


def secret_vocab():
    """Every seat picks a number in secret (kept apart from the kernel's public data)."""
    v = Vocabulary("secret")

    @v.op("everyone_picks", seats=int)
    def everyone_picks(ctx, ins):
        picked = ctx.E.setdefault("secret", {})
        if "answer" in ins:
            picked[str(ins["by"])] = ins["answer"]
        left = [s for s in range(ins["seats"]) if str(s) not in picked]
        if left:
            ctx.ask(forget(ins), left[0], "Pick", [1, 2, 3], seats=left)
            return
        ctx.E["total"] = sum(picked.values())
    return v


def test_several_seats_choose_in_secret_in_any_order():
    v = secret_vocab()
    m = Machine(v)
    ctx = Context(data({"op": "everyone_picks", "seats": 3}))
    m.run(ctx)
    choice = pending(ctx.E)
    assert choice.seat == 0 and choice.data["seats"] == [0, 1, 2] and deciders(ctx.E) == [0, 1, 2]
    check_data(v, ctx.E, nseats=3)
    m.answer(ctx, 2, seat=2)                                   # the last seat answers first
    assert deciders(ctx.E) == [0, 1] and pending(ctx.E).seat == 0
    assert ctx.E["stack"] == [{"op": "everyone_picks", "seats": 3}]   # no answer kept there
    check_data(v, ctx.E, nseats=3)
    m.answer(ctx, 3, seat=0)
    m.answer(ctx, 1, seat=1)
    assert ctx.E["total"] == 6 and ctx.E["choice"] is None and deciders(ctx.E) == []
    # a single seat's choice names no seats, and its decider is that seat
    ctx = Context(data({"op": "pick", "seat": 1}))
    Machine(vocab()).run(ctx)
    assert "seats" not in ctx.E["choice"] and deciders(ctx.E) == [1]
    assert "seats" not in pending(ctx.E).data
    with pytest.raises(ValueError):
        ctx.ask({"op": "pick", "seat": 0}, 0, "Pick", [1], seats=[1, 2])


@pytest.mark.parametrize("seats, why", [
    ([], "distinct"), ([0, 0], "distinct"), ([1, 2], "distinct"), ("0", "distinct"),
    ([0, True], "distinct"), ([0, 7], "does not exist"),
])
def test_saved_seats_of_a_secret_choice_are_checked(seats, why):
    bad = {"stack": [{"op": "everyone_picks", "seats": 2}],
           "choice": {"seat": 0, "kind": "one", "prompt": "", "options": [], "seats": seats}}
    with pytest.raises(ValueError, match=why):
        check_data(secret_vocab(), bad, nseats=2)


def test_nested_instructions_are_templates_their_holder_fills_in():
    """A saved stack may hold an instruction whose nested list still names the
    answer it waits for (``$choice``): allowed there, not at the top."""
    v = vocab()
    waiting = {"op": "seq", "steps": [{"op": "add", "n": "$choice"}]}
    assert v.problems(waiting) == []
    assert "should be int" in v.problems({"op": "seq", "steps": [{"op": "add", "n": [1]}]})[0]
    check_data(v, {"stack": [waiting]})
    with pytest.raises(ValueError, match="should be int"):
        check_data(v, {"stack": [{"op": "add", "n": "$choice"}]})


def test_a_game_names_its_own_kinds_of_decision():
    v = vocab()
    saved = {"stack": [{"op": "pick", "seat": 0}],
             "choice": {"seat": 0, "kind": "pay", "prompt": "", "options": []}}
    with pytest.raises(ValueError, match="unknown"):
        check_data(v, saved)
    v.choice_kinds = v.choice_kinds + ("pay",)
    check_data(v, saved)
