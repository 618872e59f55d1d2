# SPDX-License-Identifier: GPL-3.0-or-later
# torch-multiprocessing: CUDA tensors sent through a torch.multiprocessing
# queue to a second process, which doubles them in place (ShareScope's ipc,
# ipc-open). What the second process's get() takes: torch's reduction of a
# CUDA tensor (cudaIpcOpenMemHandle, the producer's event, the reference
# count file). Each sample is a tensor of its own, so none is served from
# torch's cache of opened handles.
OTHER = '''
def child(tensors, orders, answers):
    try:
        import time
        import torch
        torch.ones(1, device="cuda").mul_(2)
        torch.cuda.synchronize()
        answers.put("ready")
        times = []
        while True:
            count = orders.get()                  # a batch, sent before it is timed; 0: the end
            if count == 0:
                break
            for _ in range(count):
                start = time.perf_counter_ns()
                tensor = tensors.get()            # the tensor, opened here
                times.append(time.perf_counter_ns() - start)
                tensor.mul_(2)
                torch.cuda.synchronize()
                del tensor
            answers.put("next")
        answers.put(times)
    except Exception as error:
        answers.put({"error": "%s: %s" % (type(error).__name__, error)})
'''


def measure(torch, n, iterations, warmup):
    if not torch.cuda.is_available():
        return {"notRun": "PyTorch sees no CUDA device"}
    context = torch.multiprocessing.get_context("spawn")
    tensors = context.SimpleQueue()              # put() sends at once
    orders, answers = context.Queue(), context.Queue()
    process = other_process(context, OTHER, tensors, orders, answers)
    kept = [torch.ones(n, dtype=torch.float32, device="cuda") for _ in range(warmup + iterations)]
    torch.cuda.synchronize()
    answer(answers, process)                     # the other process is ready
    # In batches that fit the pipe (a put() blocks on a full one), each sent
    # whole before the other process times its first get().
    batch = 32
    for first in range(0, len(kept), batch):
        for tensor in kept[first:first + batch]:
            tensors.put(tensor)
        orders.put(len(kept[first:first + batch]))
        answer(answers, process)                 # "next": the batch was taken
    orders.put(0)
    times = answer(answers, process)
    process.join(30)
    # The other process's writes, read here: the memory is shared in place.
    shared = all(tensor[n - 1].item() == 2 and tensor[0].item() == 2 for tensor in kept)
    return {"memory": "CUDA tensors through a torch.multiprocessing queue", "step": "ipc-open",
            "samples": times[warmup:], "shared": shared}


main("torch-multiprocessing", "torch", measure)
