# SPDX-License-Identifier: GPL-3.0-or-later
# A route that asks another process, as numba-ipc and torch-multiprocessing
# do, with the standard library only: tst_pythonroutes runs it after
# route.py under python3 -c. SHARESCOPE_TEST_OTHER says what the other
# process does: answer, exit, raise or hang.
OTHER = '''
def child(orders, answers):
    import os
    import time
    what = os.environ.get("SHARESCOPE_TEST_OTHER")
    if what == "exit":
        os._exit(3)
    if what == "raise":
        answers.put({"error": "ValueError: refused by the test"})
        return
    answers.put("ready")
    if what == "hang":
        while True:
            time.sleep(1)
    answers.put([1000 * n for n in orders.get()])
'''


def measure(module, n, iterations, warmup):
    import multiprocessing
    context = multiprocessing.get_context("spawn")
    orders, answers = context.Queue(), context.Queue()
    process = other_process(context, OTHER, orders, answers)
    answer(answers, process)
    orders.put(list(range(1, warmup + iterations + 1)))
    times = answer(answers, process)
    process.join(30)
    return {"memory": "another process", "step": "ipc-open", "samples": times[warmup:], "shared": True}


main("numba-ipc", "json", measure)
