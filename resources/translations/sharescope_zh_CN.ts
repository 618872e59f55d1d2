<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AnswerPrompt</name>
    <message>
        <source>Your answer (1 to %1; Enter runs without one): </source>
        <translation>你的答案（1 到 %1；直接按 Enter 则不作答直接运行）：</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one of the choices.</source>
        <translation>“%1”不是可选的答案之一。</translation>
    </message>
    <message>
        <source>note: no answer was read (the input is not a terminal, and nothing came on it); --answer N answers up front</source>
        <translation>注意：没有读到答案（输入不是终端，也没有收到任何内容）；可用 --answer N 预先给出答案</translation>
    </message>
    <message>
        <source>note: &apos;%1&apos; from the input is not one of the choices (1 to %2); running without an answer</source>
        <translation>注意：输入中的“%1”不是可选答案（1 到 %2）；不作答直接运行</translation>
    </message>
</context>
<context>
    <name>CalibrateText</name>
    <message>
        <source>Calibration of %1 (%2), driver %3, ShareScope %4, %5

</source>
        <translation>%1（%2）的校准，驱动 %3，ShareScope %4，%5

</translation>
    </message>
    <message>
        <source>
Saved in %1: runs on %2 now show each phase as a share of these ceilings.
</source>
        <translation>
已保存到 %1：今后在 %2 上的运行会把每个阶段显示为这些上限的百分比。
</translation>
    </message>
</context>
<context>
    <name>Catalogue</name>
    <message>
        <source>cudaMalloc buffers; cudaMemcpy to and from ordinary (pageable) host memory</source>
        <translation>cudaMalloc 缓冲区；用 cudaMemcpy 与普通（可分页）主机内存互相拷贝</translation>
    </message>
    <message>
        <source>cudaMalloc buffers; cudaMemcpyAsync to and from page-locked host memory</source>
        <extracomment>page-locked (pinned) host memory: 锁页内存 (docs/glossary.zh_CN.md)</extracomment>
        <translation>cudaMalloc 缓冲区；用 cudaMemcpyAsync 与主机上的锁页内存互相拷贝</translation>
    </message>
    <message>
        <source>mapped page-locked host memory; the kernel reads and writes it over the bus</source>
        <translation>映射到 GPU 的主机锁页内存；内核经由总线读写它</translation>
    </message>
    <message>
        <source>ordinary host memory pinned and mapped with cudaHostRegister; accessed over the bus</source>
        <translation>普通主机内存经 cudaHostRegister 固定并映射；经由总线访问</translation>
    </message>
    <message>
        <source>cudaMallocManaged; pages migrate on demand when the GPU or the CPU faults on them</source>
        <extracomment>cudaMallocManaged memory is 托管内存; &quot;faults&quot; are page faults: 缺页</extracomment>
        <translation>cudaMallocManaged；GPU 或 CPU 访问页面发生缺页时，页面按需迁移</translation>
    </message>
    <message>
        <source>cudaMallocManaged; cudaMemPrefetchAsync moves pages before they are used</source>
        <translation>cudaMallocManaged；cudaMemPrefetchAsync 在使用前迁移页面</translation>
    </message>
    <message>
        <source>cudaMallocManaged with cudaMemAdvise hints (--advice) deciding where pages live</source>
        <extracomment>cudaMemAdvise&apos;s hints are advice: 建议 (not 提示)</extracomment>
        <translation>cudaMallocManaged 加 cudaMemAdvise 建议（--advice），决定页面驻留在哪里</translation>
    </message>
    <message>
        <source>cudaMalloc exported with cudaIpcGetMemHandle; a second process runs the kernel</source>
        <translation>cudaMalloc 内存经 cudaIpcGetMemHandle 导出；由另一个进程运行内核</translation>
    </message>
    <message>
        <source>cuMemCreate memory passed as file descriptors over a Unix socket (SCM_RIGHTS); a second process maps it and runs the kernel</source>
        <extracomment>a POSIX file descriptor: 文件描述符</extracomment>
        <translation>cuMemCreate 分配的内存以文件描述符的形式经 Unix 域套接字（SCM_RIGHTS）传递；由另一个进程映射它并运行内核</translation>
    </message>
    <message>
        <source>cudaMallocAsync from a memory pool shared as a file descriptor; a second process imports pool and pointers and runs the kernel</source>
        <extracomment>a memory pool: 内存池</extracomment>
        <translation>cudaMallocAsync 从以文件描述符共享的内存池中分配；由另一个进程导入内存池和指针并运行内核</translation>
    </message>
    <message>
        <source>clCreateBuffer; clEnqueueWriteBuffer in, clEnqueueReadBuffer out</source>
        <translation>clCreateBuffer；用 clEnqueueWriteBuffer 写入，clEnqueueReadBuffer 读出</translation>
    </message>
    <message>
        <source>CL_MEM_USE_HOST_PTR over a host array; map/unmap (zero-copy where the device can)</source>
        <translation>在主机数组上使用 CL_MEM_USE_HOST_PTR；map/unmap（设备支持时为零拷贝）</translation>
    </message>
    <message>
        <source>CL_MEM_ALLOC_HOST_PTR; the runtime&apos;s host-visible memory, reached by map/unmap</source>
        <translation>CL_MEM_ALLOC_HOST_PTR；运行时分配的主机可见内存，通过 map/unmap 访问</translation>
    </message>
    <message>
        <source>clSVMAlloc coarse-grained buffer; one pointer, SVM map/unmap around host access</source>
        <translation>clSVMAlloc 粗粒度缓冲区；单一指针，主机访问前后执行 SVM map/unmap</translation>
    </message>
    <message>
        <source>clSVMAlloc fine-grained buffer; one pointer shared without map, clFinish orders access</source>
        <translation>clSVMAlloc 细粒度缓冲区；单一指针，无需映射即可共享，由 clFinish 保证访问顺序</translation>
    </message>
    <message>
        <source>out[i] = x[i] + y[i]: the basic round trip</source>
        <translation>out[i] = x[i] + y[i]：最基本的一次往返</translation>
    </message>
    <message>
        <source>buf[i] *= 2 in place: one buffer, read and written</source>
        <translation>原地执行 buf[i] *= 2：单个缓冲区，既读又写</translation>
    </message>
    <message>
        <source>buf[k * stride] += 1 (--stride, default 64KiB): the bus moves whole pages</source>
        <translation>buf[k * stride] += 1（--stride，默认 64KiB）：总线以整页为单位传输</translation>
    </message>
    <message>
        <source>out[i] = x[perm[i]] over a fixed random permutation: random access</source>
        <translation>out[i] = x[perm[i]]，按固定的随机排列：随机访问</translation>
    </message>
    <message>
        <source>--rounds times: the GPU adds 1 to every element, then the CPU does</source>
        <translation>重复 --rounds 次：GPU 给每个元素加 1，然后 CPU 再加 1</translation>
    </message>
    <message>
        <source>device reports no coarse-grained buffer SVM</source>
        <translation>设备报告不支持粗粒度缓冲区 SVM</translation>
    </message>
    <message>
        <source>device reports no fine-grained buffer SVM</source>
        <translation>设备报告不支持细粒度缓冲区 SVM</translation>
    </message>
    <message>
        <source>device cannot map host memory (cudaDevAttrCanMapHostMemory is 0)</source>
        <translation>设备无法映射主机内存（cudaDevAttrCanMapHostMemory 为 0）</translation>
    </message>
    <message>
        <source>device reports no managed memory (cudaDevAttrManagedMemory is 0)</source>
        <translation>设备报告不支持托管内存（cudaDevAttrManagedMemory 为 0）</translation>
    </message>
    <message>
        <source>device lacks unified addressing (cudaDevAttrUnifiedAddressing is 0), which CUDA IPC needs</source>
        <translation>设备不支持统一寻址（cudaDevAttrUnifiedAddressing 为 0），而 CUDA IPC 需要它</translation>
    </message>
    <message>
        <source>cudaMalloc on two GPUs; cudaMemcpyPeerAsync to the peer (--peer), kernel there, and back</source>
        <translation>在两块 GPU 上 cudaMalloc；cudaMemcpyPeerAsync 拷贝到对等 GPU（--peer），内核在那里运行，再拷回</translation>
    </message>
    <message>
        <source>cudaMalloc on the device; the peer&apos;s kernel reads and writes it in place over the link</source>
        <translation>在设备上 cudaMalloc；对等 GPU 的内核经由互连原地读写它</translation>
    </message>
    <message>
        <source>cudaMallocManaged on the device; the peer&apos;s kernel faults its pages over from GPU to GPU</source>
        <translation>设备上的 cudaMallocManaged；对等 GPU 的内核通过缺页把页面从一块 GPU 迁移到另一块</translation>
    </message>
    <message>
        <source>cudaMallocManaged on the device; cudaMemPrefetchAsync moves its pages to the peer and back</source>
        <translation>设备上的 cudaMallocManaged；cudaMemPrefetchAsync 把页面迁移到对等 GPU 再迁回</translation>
    </message>
    <message>
        <source>%1 and %2 cannot both access each other&apos;s memory (cudaDeviceCanAccessPeer), so peer access cannot be turned on; run peer-copy with --peer-access off, which stages the copies through the host</source>
        <translation>%1 和 %2 不能互相访问对方的内存（cudaDeviceCanAccessPeer），因此无法开启对等访问；请用 --peer-access off 运行 peer-copy，拷贝将经由主机中转</translation>
    </message>
    <message>
        <source>%1 lacks concurrent managed access (cudaDevAttrConcurrentManagedAccess is 0): its managed pages cannot fault or be prefetched from one GPU to another</source>
        <translation>%1 不支持并发托管访问（cudaDevAttrConcurrentManagedAccess 为 0）：它的托管页面无法通过缺页或预取在 GPU 之间迁移</translation>
    </message>
    <message>
        <source>%1 runs its kernel on a second CUDA GPU (--peer), and %2 is the only one here</source>
        <translation>%1 需要在第二块 CUDA GPU（--peer）上运行内核，而这里只有 %2 一块</translation>
    </message>
    <message>
        <source>no peer chosen; peers of %1: %2</source>
        <translation>未选择对等 GPU；%1 的对等 GPU：%2</translation>
    </message>
    <message>
        <source>%1 cannot access the memory of %2 (cudaDeviceCanAccessPeer is 0): no peer access between them, which peer-access needs</source>
        <translation>%1 无法访问 %2 的内存（cudaDeviceCanAccessPeer 为 0）：它们之间没有对等访问，而 peer-access 需要它</translation>
    </message>
    <message>
        <source>whether %1 can access the memory of %2 is not reported (cudaDeviceCanAccessPeer failed), and peer-access needs it</source>
        <translation>%1 能否访问 %2 的内存未报告（cudaDeviceCanAccessPeer 失败），而 peer-access 需要它</translation>
    </message>
    <message>
        <source>%1 needs cudaMemDiscardBatchAsync, which CUDA 13.0 added: this runtime is %2 and this driver %3</source>
        <translation>%1 需要 CUDA 13.0 新增的 cudaMemDiscardBatchAsync：此运行时为 %2，驱动为 %3</translation>
    </message>
    <message>
        <source>device lacks concurrent managed access (cudaDevAttrConcurrentManagedAccess is 0), which prefetching and discarding managed memory need</source>
        <translation>设备不支持并发托管访问（cudaDevAttrConcurrentManagedAccess 为 0），而预取和丢弃托管内存都需要它</translation>
    </message>
    <message>
        <source>cudaMallocManaged; cudaMemDiscardBatchAsync drops data about to be overwritten (before host-init and the kernel&apos;s writes), then pages fault as in managed</source>
        <translation>cudaMallocManaged；cudaMemDiscardBatchAsync 丢弃即将被覆盖的数据（在 host-init 和内核写入之前），随后页面像 managed 一样靠缺页调入</translation>
    </message>
    <message>
        <source>cudaMallocManaged; cudaMemDiscardAndPrefetchBatchAsync drops data about to be overwritten and places its pages where the next phase runs</source>
        <translation>cudaMallocManaged；cudaMemDiscardAndPrefetchBatchAsync 丢弃即将被覆盖的数据，并把其页面放到下一阶段运行的位置</translation>
    </message>
    <message>
        <source>device cannot export cuMemCreate memory as a file descriptor (virtual memory management or its POSIX descriptor handles are not supported)</source>
        <translation>设备无法把 cuMemCreate 分配的内存导出为文件描述符（不支持虚拟内存管理或其 POSIX 描述符句柄）</translation>
    </message>
    <message>
        <source>device cannot export a memory pool as a file descriptor (memory pools or their POSIX descriptor handles are not supported)</source>
        <translation>设备无法把内存池导出为文件描述符（不支持内存池或其 POSIX 描述符句柄）</translation>
    </message>
    <message>
        <source>four buffers touched four ways: by the CPU then the GPU, the GPU then the CPU, the GPU only, the CPU only</source>
        <translation>四个缓冲区，四种访问方式：先 CPU 后 GPU、先 GPU 后 CPU、只有 GPU、只有 CPU</translation>
    </message>
    <message>
        <source>cudaMalloc buffers; cudaMemcpyAsync to and from ordinary host memory page-locked in place with cudaHostRegister</source>
        <translation>cudaMalloc 缓冲区；用 cudaMemcpyAsync 与普通主机内存互相拷贝，这些内存已用 cudaHostRegister 就地变为锁页内存</translation>
    </message>
</context>
<context>
    <name>CausesText</name>
    <message>
        <source>access counters: none (the driver&apos;s setting could not be read)</source>
        <translation>访问计数器：无（无法读取驱动的设置）</translation>
    </message>
    <message>
        <source>access counters: none, off by the driver&apos;s default policy (uvm_perf_access_counter_migration_enable = %1), which turns them on only where the CPU and the GPU share page tables (ATS)</source>
        <translation>访问计数器：无，按驱动的默认策略关闭（uvm_perf_access_counter_migration_enable = %1），该策略只在 CPU 与 GPU 共享页表（ATS）的系统上开启它</translation>
    </message>
    <message>
        <source>access counters: none, turned off (uvm_perf_access_counter_migration_enable = 0)</source>
        <translation>访问计数器：无，已关闭（uvm_perf_access_counter_migration_enable = 0）</translation>
    </message>
    <message>
        <source>access counters: none, though on (uvm_perf_access_counter_migration_enable = %1): no memory was accessed from afar often enough</source>
        <translation>访问计数器：无，虽已开启（uvm_perf_access_counter_migration_enable = %1）：没有内存被远程访问得足够频繁</translation>
    </message>
    <message>
        <source>%1 on faults (coherence)</source>
        <translation>%1 因缺页迁移（coherence）</translation>
    </message>
    <message>
        <source>%1 by the driver&apos;s own prefetching around faults (prefetch)</source>
        <translation>%1 由驱动在缺页附近自行预取（prefetch）</translation>
    </message>
    <message>
        <source>%1 by prefetch calls and advice (user)</source>
        <translation>%1 由预取调用和建议迁移（user）</translation>
    </message>
    <message>
        <source>%1 evicted (eviction)</source>
        <translation>%1 被逐出（eviction）</translation>
    </message>
    <message>
        <source>%1 by access counters</source>
        <translation>%1 由访问计数器迁移</translation>
    </message>
    <message>
        <source>%1 without a cause</source>
        <translation>%1 没有注明原因</translation>
    </message>
    <message>
        <source> (from CUPTI&apos;s records, which can miss some without saying so)</source>
        <translation>（来自 CUPTI 的记录，它可能漏掉一些而不作说明）</translation>
    </message>
</context>
<context>
    <name>CeilingLines</name>
    <message>
        <source>%1 %2 (%3 of this phase&apos;s bytes)</source>
        <translation>%1 %2（按本阶段字节计为 %3）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1, specification</source>
        <translation>%1，规格</translation>
    </message>
    <message>
        <source>%1, measured</source>
        <translation>%1，实测</translation>
    </message>
</context>
<context>
    <name>CeilingText</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (cache)</source>
        <translation>%1（缓存）</translation>
    </message>
    <message>
        <source>%1: %2 would be %3% above the %4 that %5 can carry by its specification: a measurement problem (a timer, the bytes counted, or work not done), not a result</source>
        <translation>%1：%2 将比%5按规格所能承载的 %4 高出 %3%：这是测量问题（计时器、字节计数有误，或工作未真正完成），而不是结果</translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <translation>%1（%2）：</translation>
    </message>
    <message>
        <source>  specification %1</source>
        <translation>  规格          %1</translation>
    </message>
    <message>
        <source>  measured      %1</source>
        <translation>  实测          %1</translation>
    </message>
    <message>
        <source>PROBLEM %1</source>
        <translation>问题 %1</translation>
    </message>
    <message>
        <source>host-read runs at %1, under half of what one thread copies (%2): checking every element against the CPU reference sets its pace, not memory</source>
        <translation>host-read 的速度为 %1，不到单线程拷贝速度（%2）的一半：决定其快慢的是逐个元素与 CPU 参考结果的比对，而不是内存</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <source>of spec</source>
        <translation>占规格</translation>
    </message>
    <message>
        <source>
The specification of each path:
</source>
        <translation>
各路径的规格：
</translation>
    </message>
    <message>
        <source>note: the calibration of %1 was made with driver %2 and ShareScope %3; `sharescope calibrate --device %1` measures it again</source>
        <translation>注意：%1 的校准是在驱动 %2、ShareScope %3 下完成的；`sharescope calibrate --device %1` 会重新测量</translation>
    </message>
    <message>
        <source>note: the calibration cache cannot be read (%1); `sharescope calibrate --device %2` writes a new one</source>
        <translation>注意：无法读取校准缓存（%1）；`sharescope calibrate --device %2` 会写入新的缓存</translation>
    </message>
    <message>
        <source>no ceiling</source>
        <extracomment>No ceiling is known for this path (not calibrated, no specification): 上限未知, never 无上限 (&quot;unlimited&quot;).</extracomment>
        <translation>上限未知</translation>
    </message>
    <message>
        <source>PROBLEM</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>This report was written before ShareScope held phases against ceilings: there is no ceiling to compare with.</source>
        <translation>这份报告写于 ShareScope 将各阶段与上限对照之前：上限未知，无从对照。</translation>
    </message>
    <message>
        <source>No measured ceiling for %1: %2</source>
        <translation>%1 没有实测上限：%2</translation>
    </message>
    <message>
        <source>No specification for %1: %2</source>
        <translation>%1 没有规格上限：%2</translation>
    </message>
    <message>
        <source>%1 on %2: %3 of the best this machine reached there, %4</source>
        <translation>%2 上的 %1：占本机在该路径上达到的最好成绩的 %3，即 %4</translation>
    </message>
    <message>
        <source>%1 on %2: %3 of what its specification allows, %4</source>
        <translation>%2 上的 %1：占其规格所允许的 %3，即 %4</translation>
    </message>
    <message>
        <source>The working set fits in the device&apos;s cache, which may serve it faster than the memory.</source>
        <translation>工作集可以放进设备的缓存，缓存可能比内存更快地提供数据。</translation>
    </message>
    <message>
        <source>The phase moved no data: it has no bandwidth to hold against a ceiling.</source>
        <translation>该阶段没有移动数据：没有可与上限对照的带宽。</translation>
    </message>
    <message>
        <source>%1: PROBLEM %2</source>
        <translation>%1：问题 %2</translation>
    </message>
    <message>
        <source>Above 100%: faster than the best copy the calibration timed (cudaMemcpy on the GPU, memcpy on the host), which a kernel that streams may beat; that copy is no limit of the hardware.</source>
        <translation>超过 100%：比校准时测得的最快拷贝（GPU 上的 cudaMemcpy，主机上的 memcpy）还快，流式访问的内核可以胜过拷贝；那次拷贝并不是硬件的极限。</translation>
    </message>
    <message>
        <source>note: %1 has no calibration yet, so the of measured column has no ceiling to hold the runs against; `sharescope calibrate --device %1` measures this machine&apos;s ceilings (a few seconds)</source>
        <translation>注意：%1 尚未校准，因此“占实测”一列为“上限未知”，没有可对照的上限；`sharescope calibrate --device %1` 会测量本机的上限（需要几秒钟）</translation>
    </message>
</context>
<context>
    <name>CliText</name>
    <message>
        <source>note: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message>
        <source>sharescope: some results are wrong or some runs failed; see above</source>
        <translation>sharescope：部分结果错误或部分运行失败，详见上文</translation>
    </message>
    <message>
        <source>Guided demos, in the order of the lesson path: each asks what you expect, runs a comparison, then explains it with the numbers it measured.

</source>
        <translation>引导式演示，按学习路径的顺序排列：每个演示先问你的预期，再运行一次比较，然后用测得的数据讲解结果。

</translation>
    </message>
    <message>
        <source>cannot write the results to standard output</source>
        <translation>无法把结果写到标准输出</translation>
    </message>
    <message>
        <source>note: without --json, --csv and --trace, `sharescope demo %1` tells the lesson as measured on a real GPU, shipped with ShareScope.</source>
        <translation>注意：不带 --json、--csv 和 --trace 时，`sharescope demo %1` 会讲述随 ShareScope 附带的、在真实 GPU 上测得的课程。</translation>
    </message>
    <message>
        <source>this machine cannot run the demo: %1</source>
        <translation>本机无法运行该演示：%1</translation>
    </message>
    <message>
        <source>Before it runs:</source>
        <translation>运行之前先预测：</translation>
    </message>
    <message>
        <source>Your answer: %1</source>
        <translation>你的答案：%1</translation>
    </message>
    <message>
        <source>
Run one with: sharescope demo NAME [--device D] [--size S] [--predict]
</source>
        <translation>
运行其中一个：sharescope demo NAME [--device D] [--size S] [--predict]
</translation>
    </message>
    <message>
        <source>note: %1 says what %2 does in memory, with code to try; %3 shows it measured on an NVIDIA H200.</source>
        <translation>注意：%1 讲解 %2 在内存中做了什么，并附可试的代码；%3 展示它在 NVIDIA H200 上的实测结果。</translation>
    </message>
    <message>
        <source>note: %1 says what %2 does in memory, with code to try.</source>
        <translation>注意：%1 讲解 %2 在内存中做了什么，并附可试的代码。</translation>
    </message>
    <message>
        <source>Reports measured on an NVIDIA H200 that ship with ShareScope; reading one needs no device.

</source>
        <translation>随 ShareScope 附带的、在 NVIDIA H200 上测得的报告；阅读它们无需设备。

</translation>
    </message>
    <message>
        <source>
Show one with: sharescope show NAME; open it in the window with: sharescope gui --example NAME
</source>
        <translation>
查看一份：sharescope show NAME；在窗口中打开：sharescope gui --example NAME
</translation>
    </message>
</context>
<context>
    <name>ClockText</name>
    <message>
        <source>%1 MHz</source>
        <translation>%1 MHz</translation>
    </message>
    <message>
        <source>; kept the GPU busy %1 before them (no clock to read, so for a fixed time)</source>
        <translation>；在此之前让 GPU 忙碌了 %1（没有可读的时钟，所以是固定时长）</translation>
    </message>
    <message>
        <source>; kept the GPU busy %1 before them, from %2 to %3, still moving when it stopped</source>
        <translation>；在此之前让 GPU 忙碌了 %1，从 %2 升到 %3，停止时仍在变化</translation>
    </message>
    <message>
        <source>; kept the GPU busy %1 before them, from %2 to %3</source>
        <translation>；在此之前让 GPU 忙碌了 %1，从 %2 升到 %3</translation>
    </message>
    <message>
        <source>not reported (%1)</source>
        <translation>未报告（%1）</translation>
    </message>
    <message>
        <source>NVML gave no reading</source>
        <translation>NVML 没有给出读数</translation>
    </message>
    <message>
        <source> (its maximum: %1)</source>
        <translation>（最高：%1）</translation>
    </message>
    <message>
        <source>SM clock in the kernel phase, MHz: %1</source>
        <translation>内核阶段的 SM 时钟（MHz）：%1</translation>
    </message>
    <message>
        <source>
            the clocks DIFFER by more than %1 %: the kernels were measured at different speeds</source>
        <translation>
            各时钟相差超过 %1 %：这些内核是在不同速度下测得的</translation>
    </message>
    <message>
        <source>; kept the GPU busy %1 before them, already at %2</source>
        <translation>；在此之前让 GPU 忙碌了 %1，时钟已在 %2</translation>
    </message>
    <message>
        <source>CHANGED: SM %1 to %2 at the ends of the measured kernels, so they ran at different speeds</source>
        <translation>有变化：各计时内核结束时 SM 时钟在 %1 到 %2 之间，所以它们是在不同速度下运行的</translation>
    </message>
    <message>
        <source>SM %1 at the end of every measured kernel</source>
        <translation>每个计时内核结束时 SM 均为 %1</translation>
    </message>
    <message>
        <source>SM %1 to %2 at the ends of the measured kernels (within %3 %)</source>
        <translation>各计时内核结束时 SM 为 %1 到 %2（相差在 %3 % 以内）</translation>
    </message>
</context>
<context>
    <name>ColumnWording</name>
    <message>
        <source> (the driver&apos;s own counts, else the sums of CUPTI&apos;s records)</source>
        <translation>（驱动自身的计数；没有时为 CUPTI 记录之和）</translation>
    </message>
    <message>
        <source> (the driver&apos;s own counts)</source>
        <translation>（驱动自身的计数）</translation>
    </message>
    <message>
        <source> (the sums of CUPTI&apos;s records)</source>
        <translation>（CUPTI 记录之和）</translation>
    </message>
    <message>
        <source>The program copied and prefetched nothing here. Pages that the driver migrated, if any, are counted apart: Migrated, and the Migration tab.</source>
        <translation>程序在这里没有拷贝也没有预取任何数据。驱动迁移的页面（如果有）另行统计：见“已迁移”列和“迁移”标签页。</translation>
    </message>
    <message>
        <source>bytes the program itself copied or prefetched in the phase; — where it copied nothing</source>
        <translation>程序自身在该阶段拷贝或预取的字节数；没有拷贝时为 —</translation>
    </message>
    <message>
        <source>bytes the program itself copied or prefetched per iteration; — where it copied nothing</source>
        <translation>程序自身每次迭代拷贝或预取的字节数；没有拷贝时为 —</translation>
    </message>
    <message>
        <source>bytes the driver migrated as pages, both ways, per iteration%1</source>
        <translation>驱动每次迭代以页面为单位双向迁移的字节数%1</translation>
    </message>
    <message>
        <source>GPU page faults (the driver&apos;s own counts), else GPU fault groups (CUPTI&apos;s records)</source>
        <translation>GPU 缺页（驱动自身的计数），没有时为 GPU 缺页组（CUPTI 记录）</translation>
    </message>
    <message>
        <source>GPU fault groups (CUPTI&apos;s records)</source>
        <translation>GPU 缺页组（CUPTI 记录）</translation>
    </message>
    <message>
        <source>GPU page faults (the driver&apos;s own counts)</source>
        <translation>GPU 缺页（驱动自身的计数）</translation>
    </message>
    <message>
        <source>GPU page faults</source>
        <translation>GPU 缺页</translation>
    </message>
    <message>
        <source>CPU page faults%1 + %2, per iteration</source>
        <translation>每次迭代的 CPU 缺页%1 + %2</translation>
    </message>
    <message>
        <source>a lower bound: the driver&apos;s own counters were not reported, and CUPTI lost some of its migration records in that run</source>
        <translation>下限：驱动自身的计数器未报告，且该次运行中 CUPTI 丢失了部分迁移记录</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>CPU page faults + GPU page faults, per iteration%1</source>
        <translation>每次迭代的 CPU 缺页 + GPU 缺页%1</translation>
    </message>
    <message>
        <source>CPU page faults + GPU fault groups, per iteration%1</source>
        <translation>每次迭代的 CPU 缺页 + GPU 缺页组%1</translation>
    </message>
    <message>
        <source>%1; between the two GPUs, the migration records alone</source>
        <translation>%1；两块 GPU 之间的部分只来自迁移记录</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>list the CUDA and OpenCL devices</source>
        <translation>列出 CUDA 和 OpenCL 设备</translation>
    </message>
    <message>
        <source>list every sharing mode, supported or not and why</source>
        <translation>列出所有共享模式，无论是否支持，并说明原因</translation>
    </message>
    <message>
        <source>run one experiment and show its phases</source>
        <translation>运行一次实验并显示其各阶段</translation>
    </message>
    <message>
        <source>run one experiment in several modes, side by side</source>
        <translation>以多种模式运行同一实验，并列比较</translation>
    </message>
    <message>
        <source>measure bandwidth against size</source>
        <translation>测量带宽随大小的变化</translation>
    </message>
    <message>
        <source>run a guided demo and explain what it shows, with the numbers measured</source>
        <translation>运行引导式演示，并用测得的数据讲解它所展示的内容</translation>
    </message>
    <message>
        <source>share a GPU buffer with another process (CuPy, PyTorch) by CUDA IPC</source>
        <translation>通过 CUDA IPC 与另一个进程（CuPy、PyTorch）共享 GPU 缓冲区</translation>
    </message>
    <message>
        <source>open the desktop window</source>
        <translation>打开桌面窗口</translation>
    </message>
    <message>
        <source>Device to use, as `devices` lists it (default: the first CUDA device, else the first OpenCL device).</source>
        <translation>要使用的设备，写法同 `devices` 的列表（默认：第一个 CUDA 设备，若没有则为第一个 OpenCL 设备）。</translation>
    </message>
    <message>
        <source>Kernel: %1 (default: vector-add).</source>
        <translation>内核：%1（默认：vector-add）。</translation>
    </message>
    <message>
        <source>Size of each buffer, e.g. 4096, 64KiB, 64MiB, 1GB (default: 64MiB).</source>
        <translation>每个缓冲区的大小，例如 4096、64KiB、64MiB、1GB（默认：64MiB）。</translation>
    </message>
    <message>
        <source>Measured iterations (default: 5).</source>
        <translation>计入测量的迭代次数（默认：5）。</translation>
    </message>
    <message>
        <source>Warm-up iterations, left out of the statistics (default: 1).</source>
        <translation>预热迭代次数，不计入统计（默认：1）。</translation>
    </message>
    <message>
        <source>Stride of the stride kernel (default: 64KiB).</source>
        <translation>stride 内核的步长（默认：64KiB）。</translation>
    </message>
    <message>
        <source>Rounds of the ping-pong kernel (default: 4).</source>
        <translation>ping-pong 内核的轮数（默认：4）。</translation>
    </message>
    <message>
        <source>Do not collect unified-memory counters.</source>
        <translation>不收集统一内存计数器。</translation>
    </message>
    <message>
        <source>Write the report as JSON to FILE, or to stdout with -.</source>
        <translation>将报告以 JSON 格式写入 FILE；指定 - 则写到标准输出。</translation>
    </message>
    <message>
        <source>Write every phase of every iteration as CSV to FILE, or to stdout with -.</source>
        <translation>将每次迭代的每个阶段以 CSV 格式写入 FILE；指定 - 则写到标准输出。</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; accepted: %2 (see sharescope --help)</source>
        <translation>未知命令“%1”；可用：%2（参见 sharescope --help）</translation>
    </message>
    <message>
        <source>sharescope %1: %2</source>
        <translation>sharescope %1：%2</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示此帮助。</translation>
    </message>
    <message>
        <source>Print JSON instead of a table.</source>
        <translation>输出 JSON 而不是表格。</translation>
    </message>
    <message>
        <source>Sharing mode (default: device for CUDA, cl-copy for OpenCL); see `sharescope modes`.</source>
        <translation>共享模式（默认：CUDA 为 device，OpenCL 为 cl-copy）；参见 `sharescope modes`。</translation>
    </message>
    <message>
        <source>Modes to compare, comma-separated, or all (default: all).</source>
        <translation>要比较的模式，以逗号分隔，或 all（默认：all）。</translation>
    </message>
    <message>
        <source>Sizes: FROM:TO (doubling), FROM:TO:xN or S,S,... (default: 4KiB:64MiB:x4).</source>
        <translation>大小：FROM:TO（逐次翻倍）、FROM:TO:xN 或 S,S,...（默认：4KiB:64MiB:x4）。</translation>
    </message>
    <message>
        <source>Modes to sweep, comma-separated, or all (default: the device&apos;s plain copy mode).</source>
        <translation>要扫描的模式，以逗号分隔，或 all（默认：该设备的普通拷贝模式）。</translation>
    </message>
    <message>
        <source>Run the experiment as soon as the window opens.</source>
        <translation>窗口打开后立即运行实验。</translation>
    </message>
    <message>
        <source>Compare all modes as soon as the window opens.</source>
        <translation>窗口打开后立即比较所有模式。</translation>
    </message>
    <message>
        <source>Save the window to FILE (PNG) once the run, compare or report is shown, then quit.</source>
        <translation>在运行、比较或报告显示出来后，将窗口保存为 FILE（PNG），然后退出。</translation>
    </message>
    <message>
        <source>Open a report written by --json or Save.</source>
        <translation>打开由 --json 或“保存报告”写出的报告。</translation>
    </message>
    <message>
        <source>Size of the buffer (default: 16MiB).</source>
        <translation>缓冲区的大小（默认：16MiB）。</translation>
    </message>
    <message>
        <source>What the buffer holds: index (0, 1, 2, ...), zeros, ones or a number (default: index).</source>
        <translation>缓冲区的内容：index（0, 1, 2, ...）、zeros、ones 或一个数值（默认：index）。</translation>
    </message>
    <message>
        <source>CUDA device (default: the first).</source>
        <translation>CUDA 设备（默认：第一个）。</translation>
    </message>
    <message>
        <source>Language of messages and the window: en or zh_CN (default: the system&apos;s).</source>
        <translation>消息和窗口的语言：en 或 zh_CN（默认：跟随系统）。</translation>
    </message>
    <message>
        <source>List the demos.</source>
        <translation>列出所有演示。</translation>
    </message>
    <message>
        <source>Run a guided demo as soon as the window opens: %1.</source>
        <translation>窗口打开后立即运行引导式演示：%1。</translation>
    </message>
    <message>
        <source>Say which modes this device supports (default: the default device).</source>
        <translation>说明此设备支持哪些模式（默认：默认设备）。</translation>
    </message>
    <message>
        <source>The demo: %1.</source>
        <translation>演示：%1。</translation>
    </message>
    <message>
        <source> (see sharescope %1 --help)</source>
        <translation>（参见 sharescope %1 --help）</translation>
    </message>
    <message>
        <source>invalid --lang &apos;%1&apos;; accepted: %2</source>
        <translation>无效的 --lang 值“%1”；可用：%2</translation>
    </message>
    <message>
        <source>unknown tab &apos;%1&apos;; accepted: %2</source>
        <translation>未知标签页“%1”；可用：%2</translation>
    </message>
    <message>
        <source>only one of --run, --compare and --demo can start</source>
        <translation>--run、--compare 和 --demo 只能指定其中一个</translation>
    </message>
    <message>
        <source>--json - and --csv - cannot both write to stdout; give one of them a file name</source>
        <translation>--json - 和 --csv - 不能同时写到标准输出；请为其中一个指定文件名</translation>
    </message>
    <message>
        <source>--list takes no demo name</source>
        <translation>--list 不接受演示名称</translation>
    </message>
    <message>
        <source>ShareScope %1: see how a CPU and a GPU share memory.

Usage: sharescope [COMMAND] [OPTIONS]

Commands:
</source>
        <translation>ShareScope %1：看 CPU 与 GPU 如何共享内存。

用法：sharescope [命令] [选项]

命令：
</translation>
    </message>
    <message>
        <source>--lang needs a value; accepted: %1</source>
        <translation>--lang 需要一个值；可用：%1</translation>
    </message>
    <message>
        <source>Device to use, as `devices` lists it.</source>
        <translation>要使用的设备，写法同 `devices` 的列表。</translation>
    </message>
    <message>
        <source>Size of each buffer (default: the demo&apos;s own).</source>
        <translation>每个缓冲区的大小（默认：演示自己的大小）。</translation>
    </message>
    <message>
        <source>Tab to show: %1.</source>
        <translation>要显示的标签页：%1。</translation>
    </message>
    <message>
        <source>--%1 needs a value; it was given an empty one</source>
        <translation>--%1 需要一个值，但给出的是空值</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>多余的参数“%1”</translation>
    </message>
    <message>
        <source>Advice for managed-advise: %1 (default: preferred-device).</source>
        <extracomment>cudaMemAdvise&apos;s advice: 建议 (not 提示).</extracomment>
        <translation>managed-advise 的建议：%1（默认：preferred-device）。</translation>
    </message>
    <message>
        <source>invalid --%1 &apos;%2&apos;: not a whole number</source>
        <translation>无效的 --%1“%2”：不是整数</translation>
    </message>
    <message>
        <source>--stride applies only to the stride kernel, not to %1</source>
        <translation>--stride 只适用于 stride 内核，不适用于 %1</translation>
    </message>
    <message>
        <source>--rounds applies only to the ping-pong kernel, not to %1</source>
        <translation>--rounds 只适用于 ping-pong 内核，不适用于 %1</translation>
    </message>
    <message>
        <source>Write the phases as a trace (Trace Event Format JSON) to FILE, or to stdout with -; open it in ui.perfetto.dev or chrome://tracing.</source>
        <translation>将各阶段以跟踪格式（Trace Event Format JSON）写入 FILE；指定 - 则写到标准输出；可在 ui.perfetto.dev 或 chrome://tracing 中打开。</translation>
    </message>
    <message>
        <source>--trace - and --%1 - cannot both write to stdout; give one of them a file name</source>
        <translation>--trace - 和 --%1 - 不能同时写到标准输出；请为其中一个指定文件名</translation>
    </message>
    <message>
        <source>invalid --size &apos;%1&apos;: calibrate takes at least 1MiB, in whole 4KiB pages</source>
        <translation>无效的 --size“%1”：calibrate 至少需要 1MiB，且须为整 4KiB 页</translation>
    </message>
    <message>
        <source>Device to calibrate, as `devices` lists it (default: the default device).</source>
        <translation>要校准的设备，写法同 `devices` 的列表（默认：默认设备）。</translation>
    </message>
    <message>
        <source>Size of each buffer (default: 256MiB, less where memory is short).</source>
        <translation>每个缓冲区的大小（默认：256MiB，内存不足时更小）。</translation>
    </message>
    <message>
        <source>Also write the calibration as JSON to FILE, or to stdout with -.</source>
        <translation>同时将校准结果以 JSON 格式写入 FILE；指定 - 则写到标准输出。</translation>
    </message>
    <message>
        <source>measure the ceilings of this machine&apos;s paths, which runs then compare against</source>
        <translation>测量本机各数据路径的上限，供之后的运行对照</translation>
    </message>
    <message>
        <source>--%1 is given %2 times (%3); give it once</source>
        <translation>--%1 给出了 %2 次（%3）；只能给出一次</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos; has an empty mode name; give names separated by commas, or all</source>
        <translation>--%1“%2”中有空的模式名；请给出以逗号分隔的模式名，或 all</translation>
    </message>
    <message>
        <source>--demo chooses the kernel and the modes; leave out --mode, --kernel, --stride, --rounds, --advice and --peer-access</source>
        <translation>--demo 会选择内核和模式；请去掉 --mode、--kernel、--stride、--rounds、--advice 和 --peer-access</translation>
    </message>
    <message>
        <source>The second GPU, whose kernel runs in the modes that use two: %1 (default: the first other CUDA device).</source>
        <translation>第二块 GPU，在使用两块 GPU 的模式中由它运行内核：%1（默认：另一块 CUDA 设备中的第一块）。</translation>
    </message>
    <message>
        <source>peer-copy: enable peer access first (on), or copy without it, through the host (off) (default: on where the two GPUs can reach each other).</source>
        <translation>peer-copy：先开启对等访问（on），或不开启、经由主机拷贝（off）（默认：两块 GPU 能互相访问时为 on）。</translation>
    </message>
    <message>
        <source>invalid --peer-access &apos;%1&apos;; accepted: on, off</source>
        <translation>无效的 --peer-access &apos;%1&apos;；可接受：on、off</translation>
    </message>
    <message>
        <source>unknown mode or page &apos;%1&apos;; accepted: %2</source>
        <translation>未知模式或页面“%1”；可用：%2</translation>
    </message>
    <message>
        <source>--example &apos;%1&apos; needs a mode: sharescope explain MODE --example NAME</source>
        <translation>--example “%1”需要指定模式：sharescope explain MODE --example NAME</translation>
    </message>
    <message>
        <source>unknown example &apos;%1&apos; of %2; accepted: %3</source>
        <translation>%2 没有示例“%1”；可用：%3</translation>
    </message>
    <message>
        <source>Print the source of one of the mode&apos;s examples (cpp, py-cupy, py-numba, ...), as the page lists them.</source>
        <translation>打印该模式某个示例的源代码（cpp、py-cupy、py-numba 等，名称见页面末尾的列表）。</translation>
    </message>
    <message>
        <source>The mode or page to explain (default: list them): %1.</source>
        <translation>要讲解的模式或页面（默认：全部列出）：%1。</translation>
    </message>
    <message>
        <source>explain a sharing mode, with its C++ and Python examples (no device needed)</source>
        <translation>讲解一种共享模式，附 C++ 和 Python 示例（无需设备）</translation>
    </message>
    <message>
        <source>--example and --open each open a report; give one of them</source>
        <translation>--example 和 --open 都会打开一份报告；只能给出其中一个</translation>
    </message>
    <message>
        <source>Open a report measured on a real GPU and shipped with ShareScope, labelled as such: %1.</source>
        <translation>打开随 ShareScope 附带、在真实 GPU 上测得的报告，并如实标注：%1。</translation>
    </message>
    <message>
        <source>invalid --memory &apos;%1&apos;; accepted: %2</source>
        <translation>无效的 --memory 值“%1”；可用：%2</translation>
    </message>
    <message>
        <source>--socket hands over a file descriptor, which only --memory vmm and --memory pool have</source>
        <translation>--socket 用于交出文件描述符，只有 --memory vmm 和 --memory pool 才有</translation>
    </message>
    <message>
        <source>--socket needs a path</source>
        <translation>--socket 需要一个路径</translation>
    </message>
    <message>
        <source>device (cudaMalloc, a legacy IPC handle), vmm (cuMemCreate, a file descriptor), pool (an exportable memory pool, its descriptor) or managed, which is refused with the reason (default: device).</source>
        <translation>device（cudaMalloc，传统 IPC 句柄）、vmm（cuMemCreate，文件描述符）、pool（可导出的内存池，其文件描述符），或 managed（会被拒绝并说明原因）（默认：device）。</translation>
    </message>
    <message>
        <source>Where vmm and pool hand their file descriptor to each process that connects (default: $XDG_RUNTIME_DIR/sharescope-ipc-PID.sock).</source>
        <translation>vmm 和 pool 在此处把文件描述符交给每个连接上来的进程（默认：$XDG_RUNTIME_DIR/sharescope-ipc-PID.sock）。</translation>
    </message>
    <message>
        <source>--answer &apos;%1&apos; is not the number of a choice; accepted: 1 to 4</source>
        <translation>--answer “%1”不是选项编号；可接受：1 到 4</translation>
    </message>
    <message>
        <source>--predict and --answer ask a demo&apos;s question; give --demo NAME</source>
        <translation>--predict 和 --answer 用于回答演示的问题；请同时给出 --demo NAME</translation>
    </message>
    <message>
        <source>Ask the demo&apos;s question before it runs (on a terminal; elsewhere print it), then set the measured answer beside yours.</source>
        <translation>在演示运行之前先提出它的问题（在终端上询问；否则只打印问题），运行后把实测答案和你的答案放在一起。</translation>
    </message>
    <message>
        <source>Answer the demo&apos;s question with choice N without being asked (implies --predict).</source>
        <translation>不经询问，直接以第 N 个选项回答演示的问题（隐含 --predict）。</translation>
    </message>
    <message>
        <source>--predict and --answer print the question on standard output, where --%1 - would write its report; give --%1 a file</source>
        <translation>--predict 和 --answer 会把问题打印到标准输出，而 --%1 - 也要把报告写到那里；请给 --%1 一个文件名</translation>
    </message>
    <message>
        <source>pinned, zero-copy: write-combined host memory (cudaHostAllocWriteCombined): the GPU reads it faster over the bus, the CPU reads it slowly.</source>
        <translation>pinned、zero-copy：写合并的主机内存（cudaHostAllocWriteCombined）：GPU 经由总线读取更快，CPU 读取很慢。</translation>
    </message>
    <message>
        <source>invalid --size &apos;%1&apos;: python takes 4KiB to 16GiB</source>
        <translation>无效的 --size &apos;%1&apos;：python 接受 4KiB 到 16GiB</translation>
    </message>
    <message>
        <source>invalid --iterations &apos;%1&apos;: python takes 1 to 1000</source>
        <translation>无效的 --iterations &apos;%1&apos;：python 接受 1 到 1000</translation>
    </message>
    <message>
        <source>invalid --warmup &apos;%1&apos;: python takes 0 to 100</source>
        <translation>无效的 --warmup &apos;%1&apos;：python 接受 0 到 100</translation>
    </message>
    <message>
        <source>invalid --timeout &apos;%1&apos;: a whole number of seconds, 1 to 3600</source>
        <translation>无效的 --timeout &apos;%1&apos;：应为 1 到 3600 的整数秒</translation>
    </message>
    <message>
        <source>The Python interpreter to run the routes with (default: python3 on PATH).</source>
        <translation>运行这些写法所用的 Python 解释器（默认：PATH 中的 python3）。</translation>
    </message>
    <message>
        <source>Routes to run, separated by commas, or all (default: all): %1.</source>
        <translation>要运行的写法，用逗号分隔，或 all（默认：all）：%1。</translation>
    </message>
    <message>
        <source>Device for ShareScope&apos;s own runs beside the routes (default: the first of each route&apos;s kind).</source>
        <translation>ShareScope 自己的对照运行所用的设备（默认：每种写法所属类型的第一个设备）。</translation>
    </message>
    <message>
        <source>Size of the buffer each route moves (default: 64MiB).</source>
        <translation>每种写法搬运的缓冲区大小（默认：64MiB）。</translation>
    </message>
    <message>
        <source>Seconds each route may take before it is stopped (default: 120).</source>
        <translation>每种写法在被停止之前可用的秒数（默认：120）。</translation>
    </message>
    <message>
        <source>Also write the results as JSON to FILE, or to stdout with -.</source>
        <translation>同时把结果以 JSON 写入 FILE，用 - 表示标准输出。</translation>
    </message>
    <message>
        <source>measure your own Python routes (CuPy, PyTorch, JAX, numba, pyopencl) beside ShareScope&apos;s modes</source>
        <translation>在 ShareScope 的模式旁测量你自己的 Python 写法（CuPy、PyTorch、JAX、numba、pyopencl）</translation>
    </message>
    <message>
        <source>--matrix runs the hand-offs alone; leave out --routes</source>
        <translation>--matrix 只运行传递矩阵；请去掉 --routes</translation>
    </message>
    <message>
        <source>Instead of the routes, hand each framework&apos;s device, pinned and managed arrays to each other framework (DLPack; __cuda_array_interface__ for numba): shared, copied or refused.</source>
        <translation>不运行各写法，而是把每个框架的设备、锁页和托管数组交给其他每个框架（DLPack；numba 用 __cuda_array_interface__）：共享、拷贝或拒绝。</translation>
    </message>
    <message>
        <source>CUDA, with host threads: legacy (one stream all threads share, so their work serialises) or per-thread (each thread&apos;s own default stream, so it can overlap) (default: legacy).</source>
        <translation>CUDA，多个主机线程时：legacy（所有线程共用一个流，它们的工作因此串行）或 per-thread（每个线程用自己的默认流，工作可以重叠）（默认：legacy）。</translation>
    </message>
    <message>
        <source>invalid --default-stream &apos;%1&apos;; accepted: legacy, per-thread</source>
        <translation>无效的 --default-stream “%1”；可接受：legacy、per-thread</translation>
    </message>
    <message>
        <source>--records needs the counters, and --no-counters turns them off</source>
        <translation>--records 需要计数器，而 --no-counters 关闭了计数器</translation>
    </message>
    <message>
        <source>CUDA: where the counted pass takes its migration records: driver-events (the UVM driver&apos;s own event queue, which says what it dropped; CUPTI where the driver has none), cupti (CUPTI&apos;s, as a profiler sees them) or none (the driver&apos;s exact totals alone, at the least cost) (default: driver-events).</source>
        <translation>CUDA：计数运行从哪里取迁移记录：driver-events（UVM 驱动自身的事件队列，它会说明丢弃了多少；驱动没有该队列时用 CUPTI）、cupti（CUPTI 的记录，即性能分析工具看到的）或 none（只要驱动的精确总量，开销最小）（默认：driver-events）。</translation>
    </message>
    <message>
        <source>invalid --records &apos;%1&apos;; accepted: driver-events, cupti, none</source>
        <translation>无效的 --records“%1”；可接受：driver-events、cupti、none</translation>
    </message>
    <message>
        <source>Do not keep the GPU busy before the measured iterations until its clock settles.</source>
        <translation>不在计时迭代之前让 GPU 忙碌到时钟稳定。</translation>
    </message>
    <message>
        <source>N host threads share the GPU, each filling, moving, launching on and checking its slice of the buffers (every kernel; not the ipc and peer modes; 1 to %1, default: 1).</source>
        <translation>N 个主机线程共享 GPU，每个线程在自己那一段缓冲区上填充、拷贝、启动内核并检查（所有内核；ipc 和对端模式除外；1 到 %1，默认：1）。</translation>
    </message>
    <message>
        <source>invalid --window-size &apos;%1&apos;; accepted: WIDTHxHEIGHT in pixels, from 640x480 to 16384x16384, such as 1024x700</source>
        <translation>无效的 --window-size“%1”；可用：以像素计的 WIDTHxHEIGHT，从 640x480 到 16384x16384，例如 1024x700</translation>
    </message>
    <message>
        <source>The example (default: list them): %1.</source>
        <translation>示例报告（默认：列出全部）：%1。</translation>
    </message>
    <message>
        <source>The window&apos;s size in pixels, WIDTHxHEIGHT (default: 1280x800, or as it was left).</source>
        <translation>窗口大小，以像素计的 WIDTHxHEIGHT（默认：1280x800，或上次关闭时的大小）。</translation>
    </message>
    <message>
        <source>print a report measured on an NVIDIA H200 and shipped with ShareScope, with its lesson</source>
        <translation>打印随 ShareScope 附带的、在 NVIDIA H200 上测得的报告及其讲解</translation>
    </message>
    <message>
        <source>invalid --pid &apos;%1&apos;: the number of a running process</source>
        <translation>无效的 --pid“%1”：应为一个正在运行的进程号</translation>
    </message>
    <message>
        <source>watch takes a command after -- or --pid N, not both</source>
        <translation>watch 接受 -- 之后的命令或 --pid N，不能同时给出</translation>
    </message>
    <message>
        <source>watch needs a command after -- (sharescope watch -- python3 train.py), or --pid N</source>
        <translation>watch 需要 -- 之后的命令（sharescope watch -- python3 train.py），或 --pid N</translation>
    </message>
    <message>
        <source>--wait waits for a running process (--pid) to use CUDA</source>
        <translation>--wait 等待一个正在运行的进程（--pid）开始使用 CUDA</translation>
    </message>
    <message>
        <source>invalid --interval &apos;%1&apos;; accepted: 10ms to 60s (100ms, 0.5s)</source>
        <translation>无效的 --interval“%1”；可接受：10ms 到 60s（如 100ms、0.5s）</translation>
    </message>
    <message>
        <source>--%1 -: the watched command writes to standard output; give --%1 a file</source>
        <translation>--%1 -：被观察的命令会写标准输出；请给 --%1 一个文件</translation>
    </message>
    <message>
        <source>--check-machine starts the machine check; leave out --run, --compare and --demo</source>
        <translation>--check-machine 启动本机检查；请去掉 --run、--compare 和 --demo</translation>
    </message>
    <message>
        <source>Watch a running process instead of starting one (the kernel must allow it: see the refusal&apos;s reason).</source>
        <translation>观察一个正在运行的进程，而不是启动新进程（需要内核允许：被拒绝时会给出原因）。</translation>
    </message>
    <message>
        <source>With --pid: wait until the process uses CUDA.</source>
        <translation>与 --pid 一起使用：等待该进程开始使用 CUDA。</translation>
    </message>
    <message>
        <source>How often each process&apos;s counters are sampled (default 100ms; 10ms to 60s).</source>
        <translation>每个进程的计数器多久采样一次（默认 100ms；10ms 到 60s）。</translation>
    </message>
    <message>
        <source>Also read the driver&apos;s record of every migration, for the bytes by cause (costs some of the program&apos;s time: the summary says how much).</source>
        <translation>同时读取驱动记录的每一次迁移，按原因统计字节数（会占用程序的一些时间：摘要会说明多少）。</translation>
    </message>
    <message>
        <source>Do not load the library that reports the program&apos;s CUDA memory calls (the routes).</source>
        <translation>不加载报告程序 CUDA 内存调用（共享方式）的库。</translation>
    </message>
    <message>
        <source>No live line while the command runs.</source>
        <translation>命令运行时不显示实时状态行。</translation>
    </message>
    <message>
        <source>Append a JSON line to FILE at every interval: each process&apos;s counts so far (the window&apos;s Watch tab reads it).</source>
        <translation>每个间隔向 FILE 追加一行 JSON：每个进程到目前为止的计数（窗口的“观察”标签页读取它）。</translation>
    </message>
    <message>
        <source>Write the watch report as JSON to FILE.</source>
        <translation>把观察报告以 JSON 写入 FILE。</translation>
    </message>
    <message>
        <source>Write one row per process and interval as CSV to FILE.</source>
        <translation>把每个进程每个间隔一行以 CSV 写入 FILE。</translation>
    </message>
    <message>
        <source>Write a trace for Perfetto to FILE: each process&apos;s bytes and faults, its memory calls.</source>
        <translation>把供 Perfetto 使用的跟踪写入 FILE：每个进程的字节数、缺页次数和内存调用。</translation>
    </message>
    <message>
        <source>The CUDA device whose paths to check (default: the first CUDA device).</source>
        <translation>要检查其路径的 CUDA 设备（默认：第一个 CUDA 设备）。</translation>
    </message>
    <message>
        <source>DataLoader workers to plan shared memory and open files for (default: the CPUs, at most 8).</source>
        <translation>按多少个 DataLoader 工作进程估算共享内存和打开文件数（默认：CPU 数，最多 8）。</translation>
    </message>
    <message>
        <source>Size of one batch&apos;s tensors, e.g. 64MiB (default: 64MiB).</source>
        <translation>一个批次的张量大小，例如 64MiB（默认：64MiB）。</translation>
    </message>
    <message>
        <source>A process that shares CUDA memory with yours: are both in the same namespaces?</source>
        <translation>与你的进程共享 CUDA 内存的进程：两者是否在同一组命名空间中？</translation>
    </message>
    <message>
        <source>Read only: measure nothing on the GPU (a second, not ten).</source>
        <translation>只读取：不在 GPU 上做任何测量（约一秒，而不是十秒）。</translation>
    </message>
    <message>
        <source>Also write the checks as JSON to FILE, or to stdout with -.</source>
        <translation>同时把检查结果以 JSON 写入 FILE；用 - 则写到标准输出。</translation>
    </message>
    <message>
        <source>Check this machine as soon as the window opens (Help → Check this machine); with --screenshot, the dialog is saved.</source>
        <translation>窗口一打开就检查本机（帮助 → 检查本机）；配合 --screenshot 时保存该对话框。</translation>
    </message>
    <message>
        <source>run a program (or watch a running one) and count the pages each of its processes migrates</source>
        <translation>运行一个程序（或观察正在运行的程序），统计它的每个进程迁移的页面</translation>
    </message>
    <message>
        <source>check this machine for what makes sharing GPU memory fail or slow, and measure it</source>
        <translation>检查本机上让内存共享（进程之间、CPU 与 GPU 之间）失败或变慢的原因，并加以测量</translation>
    </message>
    <message>
        <source>
Without a command, sharescope opens the window.
Run `sharescope COMMAND --help` for the options of each command.
Every command takes --lang en or --lang zh_CN (default: the system&apos;s language).

Examples:
  sharescope devices
  sharescope modes
  sharescope run --mode cl-use-host-ptr --size 256MiB
  sharescope compare --kernel stride --size 64MiB
  sharescope sweep --sizes 4KiB:256MiB --json sweep.json
  sharescope demo copies-vs-zero-copy
  sharescope explain managed --example py-cupy
  sharescope show pages-move-whole
  sharescope run --mode peer-copy --peer cuda:1 --peer-access off
  sharescope ipc-export --size 64MiB
  sharescope doctor --workers 8 --batch 256MiB
  sharescope watch -- python3 train.py

Exit codes: 0 done, 1 the run failed (device error or wrong results), 2 bad arguments,
3 not supported on this device, 4 doctor found a problem, 130 or 143 stopped by SIGINT
(Ctrl+C) or SIGTERM.
</source>
        <translation>
不带命令时，sharescope 会打开窗口。
运行 `sharescope COMMAND --help` 查看各命令的选项。
所有命令都接受 --lang en 或 --lang zh_CN（默认：系统语言）。

示例：
  sharescope devices
  sharescope modes
  sharescope run --mode cl-use-host-ptr --size 256MiB
  sharescope compare --kernel stride --size 64MiB
  sharescope sweep --sizes 4KiB:256MiB --json sweep.json
  sharescope demo copies-vs-zero-copy
  sharescope explain managed --example py-cupy
  sharescope show pages-move-whole
  sharescope run --mode peer-copy --peer cuda:1 --peer-access off
  sharescope ipc-export --size 64MiB
  sharescope doctor --workers 8 --batch 256MiB
  sharescope watch -- python3 train.py

退出码：0 完成，1 运行失败（设备出错或结果错误），2 参数错误，
3 此设备不支持，4 doctor 发现了问题，130 或 143 被 SIGINT（Ctrl+C）
或 SIGTERM 停止。
</translation>
    </message>
    <message>
        <source>--markdown and --example print different things; give one</source>
        <translation>--markdown 和 --example 输出的是不同的内容；只能给其中一个</translation>
    </message>
    <message>
        <source>--markdown needs a mode: sharescope explain MODE --markdown</source>
        <translation>--markdown 需要一个模式：sharescope explain MODE --markdown</translation>
    </message>
    <message>
        <source>Print the page as Markdown, as it is written (for a notebook or a converter), without the list of examples.</source>
        <translation>按原样输出页面的 Markdown 原文（供 Jupyter 笔记本或格式转换工具使用），不附示例列表。</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>invalid size &apos;%1&apos;: %2; accepted: %3</source>
        <translation>无效的大小“%1”：%2；可用：%3</translation>
    </message>
    <message>
        <source>a positive whole number of bytes with an optional unit, e.g. 4096, 64KiB, 64M, 1.5GiB, 100MB (B; KiB/K, MiB/M, GiB/G, TiB/T are powers of 1024; KB, MB, GB, TB are powers of 1000)</source>
        <translation>正的整数字节数，可带单位，例如 4096、64KiB、64M、1.5GiB、100MB（B；KiB/K、MiB/M、GiB/G、TiB/T 为 1024 的幂；KB、MB、GB、TB 为 1000 的幂）</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>它是空的</translation>
    </message>
    <message>
        <source>a size cannot be negative</source>
        <translation>大小不能为负数</translation>
    </message>
    <message>
        <source>write the number without a sign</source>
        <translation>数字前不要带正负号</translation>
    </message>
    <message>
        <source>too many decimal places</source>
        <translation>小数位数过多</translation>
    </message>
    <message>
        <source>there is no number</source>
        <translation>没有数字</translation>
    </message>
    <message>
        <source>it does not start with a number</source>
        <translation>它不是以数字开头的</translation>
    </message>
    <message>
        <source>invalid size &apos;%1&apos;: unknown unit &apos;%2&apos;; accepted: %3</source>
        <translation>无效的大小“%1”：未知单位“%2”；可用：%3</translation>
    </message>
    <message>
        <source>it is larger than 16 EiB</source>
        <translation>它大于 16 EiB</translation>
    </message>
    <message>
        <source>it is not a whole number of bytes</source>
        <translation>它不是整数个字节</translation>
    </message>
    <message>
        <source>a size must be greater than zero</source>
        <translation>大小必须大于零</translation>
    </message>
    <message>
        <source>invalid size &apos;%1&apos;: %2 bytes is not a whole number of %3-byte elements; use a multiple of %3 bytes</source>
        <translation>无效的大小“%1”：%2 字节不是 %3 字节元素的整数倍；请使用 %3 字节的倍数</translation>
    </message>
    <message>
        <source>invalid size list &apos;%1&apos;: %2; accepted: FROM:TO (doubling), FROM:TO:xN (times N) or S,S,... with sizes such as 4KiB, 64MiB, 1GiB</source>
        <translation>无效的大小列表“%1”：%2；可用：FROM:TO（逐次加倍）、FROM:TO:xN（逐次乘 N）或 S,S,...，大小写法如 4KiB、64MiB、1GiB</translation>
    </message>
    <message>
        <source>the step must look like x2 or x4</source>
        <translation>步进必须写成 x2 或 x4 的形式</translation>
    </message>
    <message>
        <source>the step must be a whole factor from x2 to x1000</source>
        <translation>步进必须是 x2 到 x1000 之间的整数倍数</translation>
    </message>
    <message>
        <source>FROM is larger than TO</source>
        <translation>FROM 大于 TO</translation>
    </message>
    <message>
        <source>more than 64 sizes</source>
        <translation>大小超过 64 个</translation>
    </message>
    <message>
        <source>--size is too large: ShareScope uses at most 80% of the %1 MiB the GPU has free</source>
        <translation>--size 太大：ShareScope 最多使用 GPU 空闲的 %1 MiB 中的 80%</translation>
    </message>
    <message>
        <source>unknown device &apos;%1&apos;; available: %2</source>
        <translation>未知设备“%1”；可用：%2</translation>
    </message>
    <message>
        <source>the CUDA backend is not built into this ShareScope (no CUDA toolkit at build time)</source>
        <translation>此 ShareScope 未包含 CUDA 后端（构建时没有 CUDA 工具包）</translation>
    </message>
    <message>
        <source>cancelled by the user</source>
        <translation>已被用户取消</translation>
    </message>
    <message>
        <source>mode %1 is not supported on %2: %3</source>
        <translation>%2 不支持模式 %1：%3</translation>
    </message>
    <message>
        <source>unknown mode &apos;%1&apos;; accepted: %2</source>
        <translation>未知模式“%1”；可用：%2</translation>
    </message>
    <message>
        <source>unknown kernel &apos;%1&apos;; accepted: %2</source>
        <translation>未知内核“%1”；可用：%2</translation>
    </message>
    <message>
        <source>invalid size %1 bytes: use a positive multiple of %2 bytes</source>
        <translation>无效的大小 %1 字节：请使用 %2 字节的正整数倍</translation>
    </message>
    <message>
        <source>invalid iteration count %1; accepted: 1 to %2</source>
        <translation>无效的迭代次数 %1；可用：1 到 %2</translation>
    </message>
    <message>
        <source>invalid warm-up count %1; accepted: 0 to %2</source>
        <translation>无效的预热次数 %1；可用：0 到 %2</translation>
    </message>
    <message>
        <source>invalid stride %1 bytes: use a positive multiple of %2 bytes, e.g. 4KiB or 64KiB</source>
        <translation>无效的步长 %1 字节：请使用 %2 字节的正整数倍，例如 4KiB 或 64KiB</translation>
    </message>
    <message>
        <source>invalid round count %1; accepted: 1 to %2</source>
        <translation>无效的轮数 %1；可用：1 到 %2</translation>
    </message>
    <message>
        <source>invalid advice &apos;%1&apos;; accepted: %2</source>
        <translation>无效的建议“%1”；可用：%2</translation>
    </message>
    <message>
        <source>--advice applies only to the managed-advise mode, not to %1</source>
        <translation>--advice 只适用于 managed-advise 模式，不适用于 %1</translation>
    </message>
    <message>
        <source>invalid --fill &apos;%1&apos;; accepted: index (0, 1, 2, ...), zeros, ones, or a number such as 2.5</source>
        <translation>无效的 --fill“%1”；可用：index（0、1、2……）、zeros、ones，或一个数，例如 2.5</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %5: one buffer may hold at most %6 (the device&apos;s largest allocation)</source>
        <translation>--size %1（%2 使用 %3 个缓冲区，共 %4）对 %5 来说太大：单个缓冲区最多 %6（设备的最大单次分配）</translation>
    </message>
    <message>
        <source>--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %5: ShareScope uses at most %6 (80% of the device&apos;s %7)</source>
        <translation>--size %1（%2 使用 %3 个缓冲区，共 %4）对 %5 来说太大：ShareScope 最多使用 %6（设备 %7 的 80%）</translation>
    </message>
    <message>
        <source>--size %1 (%2 uses %3 buffer(s), %4 in all) needs %5 of host memory; ShareScope uses at most %6 (half of the %7 available now)</source>
        <translation>--size %1（%2 使用 %3 个缓冲区，共 %4）需要 %5 主机内存；ShareScope 最多使用 %6（当前可用 %7 的一半）</translation>
    </message>
    <message>
        <source>unknown demo &apos;%1&apos;; accepted: %2</source>
        <translation>未知演示“%1”；可用：%2</translation>
    </message>
    <message>
        <source>the %1 demo needs a CUDA device, and %2 is %3</source>
        <translation>%1 演示需要 CUDA 设备，而 %2 是 %3 设备</translation>
    </message>
    <message>
        <source>%1 can run none of the modes of the %2 demo</source>
        <translation>%1 无法运行 %2 演示中的任何模式</translation>
    </message>
    <message>
        <source>%1 is a CUDA mode and %2 is an OpenCL device</source>
        <translation>%1 是 CUDA 模式，而 %2 是 OpenCL 设备</translation>
    </message>
    <message>
        <source>%1 is an OpenCL mode and %2 is a CUDA device</source>
        <translation>%1 是 OpenCL 模式，而 %2 是 CUDA 设备</translation>
    </message>
    <message>
        <source>device supports OpenCL %1.%2; SVM needs OpenCL 2.0 or later</source>
        <translation>设备支持 OpenCL %1.%2；SVM 需要 OpenCL 2.0 或更高版本</translation>
    </message>
    <message>
        <source>--advice applies only to the managed-advise mode</source>
        <translation>--advice 只适用于 managed-advise 模式</translation>
    </message>
    <message>
        <source>%1 needs --advice; accepted: %2</source>
        <translation>%1 需要 --advice；可用：%2</translation>
    </message>
    <message>
        <source>this ShareScope was built without CUDA</source>
        <translation>此 ShareScope 构建时未包含 CUDA</translation>
    </message>
    <message>
        <source>--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %2: its 32-bit indices reach at most %5 per buffer</source>
        <translation>--size %1（%2 使用 %3 个缓冲区，共 %4）对 %2 来说太大：它的 32 位索引每个缓冲区最多只能覆盖 %5</translation>
    </message>
    <message>
        <source>the window cannot open here; use devices, modes, run, compare or sweep</source>
        <translation>此处无法打开窗口；请使用 devices、modes、run、compare 或 sweep</translation>
    </message>
    <message>
        <source>no experiment succeeded</source>
        <translation>没有一个实验成功</translation>
    </message>
    <message>
        <source>no experiment could run on %1</source>
        <translation>没有实验能在 %1 上运行</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>not supported: %1</source>
        <translation>不支持：%1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <source>the counted pass found no device %1</source>
        <translation>计数运行找不到设备 %1</translation>
    </message>
    <message>
        <source>--size %1 (%2 uses %3 buffer(s), %4 in all) is too large for %5 now: ShareScope uses at most %6, 80% of the %7 it has free of its %8; other programs hold the rest</source>
        <translation>--size %1（%2 使用 %3 个缓冲区，共 %4）对 %5 来说当前太大：ShareScope 最多使用 %6，即其 %8 中空闲的 %7 的 80%；其余部分被其他程序占用</translation>
    </message>
    <message>
        <source>%1 cannot take the calibration step %2</source>
        <translation>%1 无法执行校准步骤 %2</translation>
    </message>
    <message>
        <source>%1 is not a ShareScope calibration file</source>
        <translation>%1 不是 ShareScope 校准文件</translation>
    </message>
    <message>
        <source>%1 was written by a newer ShareScope</source>
        <translation>%1 由更新版本的 ShareScope 写入</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>this is not a ShareScope calibration</source>
        <translation>这不是 ShareScope 校准结果</translation>
    </message>
    <message>
        <source>the device works in host memory: see host memory</source>
        <translation>该设备直接使用主机内存：见主机内存</translation>
    </message>
    <message>
        <source>the driver reported no memory clock or bus width</source>
        <translation>驱动没有报告设备内存频率或总线位宽</translation>
    </message>
    <message>
        <source>OpenCL does not report the memory clock or bus width</source>
        <translation>OpenCL 不报告设备内存频率或总线位宽</translation>
    </message>
    <message>
        <source>memory clock %1 MHz × %2-bit bus × 2 (DDR)</source>
        <translation>设备内存频率 %1 MHz × %2 位总线 × 2（DDR）</translation>
    </message>
    <message>
        <source>no bus: the device works in host memory</source>
        <translation>没有总线：该设备直接使用主机内存</translation>
    </message>
    <message>
        <source>the driver did not say where the device sits on PCI</source>
        <translation>驱动没有说明该设备在 PCI 总线上的位置</translation>
    </message>
    <message>
        <source>the PCIe link is not readable: %1</source>
        <translation>无法读取 PCIe 链路：%1</translation>
    </message>
    <message>
        <source>sysfs gives the link of %1 as &apos;%2&apos; × &apos;%3&apos;, not a PCIe rate and width</source>
        <translation>sysfs 给出的 %1 链路为“%2”×“%3”，不是 PCIe 的速率和宽度</translation>
    </message>
    <message>
        <source>PCIe %1 GT/s x%2, %3, per direction (the most the link can do; it ran at %4 when read)</source>
        <translation>PCIe %1 GT/s x%2，%3，每个方向（链路的最高能力；读取时运行在 %4）</translation>
    </message>
    <message>
        <source>PCIe %1 GT/s x%2, %3, per direction</source>
        <translation>PCIe %1 GT/s x%2，%3，每个方向</translation>
    </message>
    <message>
        <source>not calibrated: sharescope calibrate measures it</source>
        <translation>尚未校准：sharescope calibrate 可以测量</translation>
    </message>
    <message>
        <source>the calibration has no step on this path</source>
        <translation>校准中没有针对此路径的步骤</translation>
    </message>
    <message>
        <source>%1 of %3: %2, median of %4</source>
        <translation>%1（%3）：%2，%4 次的中位数</translation>
    </message>
    <message>
        <source>host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>PCIe host→device</source>
        <translation>PCIe 主机→设备</translation>
    </message>
    <message>
        <source>PCIe device→host</source>
        <translation>PCIe 设备→主机</translation>
    </message>
    <message>
        <source>device memory</source>
        <translation>设备内存</translation>
    </message>
    <message>
        <source>no specification ShareScope can read (the memory modules&apos; speed and channels need root)</source>
        <translation>没有 ShareScope 能读取的规格（内存条的速率和通道数需要 root 权限）</translation>
    </message>
    <message>
        <source>could not allocate %1 bytes of host memory</source>
        <translation>无法分配 %1 字节的主机内存</translation>
    </message>
    <message>
        <source>OpenCL has no calibration step %1</source>
        <translation>OpenCL 没有校准步骤 %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a PCI address</source>
        <translation>“%1”不是 PCI 地址</translation>
    </message>
    <message>
        <source>%1 cannot be read</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>invalid size list &apos;%1&apos;: %2</source>
        <translation>无效的大小列表“%1”：%2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is a folder, not a report</source>
        <translation>%1 是文件夹，不是报告</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a device, a fifo or a socket); a report is a file that --json or Save wrote</source>
        <translation>%1 不是普通文件（而是设备、FIFO 或套接字）；报告是由 --json 或“保存”写出的文件</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 (%3 bytes), larger than any ShareScope report (at most %4)</source>
        <translation>%1 大小为 %2（%3 字节），超过了 ShareScope 报告的上限（最多 %4）</translation>
    </message>
    <message>
        <source>invalid --peer &apos;%1&apos;; accepted: cuda:N, a CUDA device other than --device (see sharescope devices)</source>
        <translation>无效的 --peer &apos;%1&apos;；可接受：cuda:N，即 --device 以外的一块 CUDA 设备（见 sharescope devices）</translation>
    </message>
    <message>
        <source>--peer applies only to the modes that use a second GPU (%1)</source>
        <translation>--peer 只适用于使用第二块 GPU 的模式（%1）</translation>
    </message>
    <message>
        <source>--peer applies only to the modes that use a second GPU (%1), not to %2</source>
        <translation>--peer 只适用于使用第二块 GPU 的模式（%1），不适用于 %2</translation>
    </message>
    <message>
        <source>--peer-access applies only to the peer-copy mode</source>
        <translation>--peer-access 只适用于 peer-copy 模式</translation>
    </message>
    <message>
        <source>--peer-access applies only to the peer-copy mode, not to %1</source>
        <translation>--peer-access 只适用于 peer-copy 模式，不适用于 %1</translation>
    </message>
    <message>
        <source>--peer %1 is the device itself; name another CUDA device (peers of %1: %2)</source>
        <translation>--peer %1 就是设备本身；请指定另一块 CUDA 设备（%1 的对等 GPU：%2）</translation>
    </message>
    <message>
        <source>--peer %1: no such CUDA device beside %2; accepted: %3</source>
        <translation>--peer %1：除 %2 之外没有这样的 CUDA 设备；可接受：%3</translation>
    </message>
    <message>
        <source>the instruments did not see every phase</source>
        <translation>计数工具没有看到每个阶段</translation>
    </message>
    <message>
        <source>the counted pass did not run the same phases</source>
        <translation>计数运行没有运行相同的阶段</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>CUPTI is unavailable: %1</source>
        <translation>CUPTI 不可用：%1</translation>
    </message>
    <message>
        <source>no unified-memory counter kind was selected</source>
        <translation>没有选择任何统一内存计数器类型</translation>
    </message>
    <message>
        <source>CUPTI reports no unified-memory counter on this system: %1</source>
        <translation>CUPTI 报告此系统上没有统一内存计数器：%1</translation>
    </message>
    <message>
        <source>CUPTI could not enable unified-memory counters: %1</source>
        <translation>CUPTI 无法启用统一内存计数器：%1</translation>
    </message>
    <message>
        <source>CUPTI was not started</source>
        <translation>CUPTI 未启动</translation>
    </message>
    <message>
        <source>turned off with --no-counters</source>
        <translation>已用 --no-counters 关闭</translation>
    </message>
    <message>
        <source>the counted pass failed: %1</source>
        <translation>计数运行失败：%1</translation>
    </message>
    <message>
        <source>OpenCL reports no page-migration counters</source>
        <translation>OpenCL 不报告页面迁移计数器</translation>
    </message>
    <message>
        <source>unknown example &apos;%1&apos;; accepted: %2</source>
        <translation>未知示例“%1”；可用：%2</translation>
    </message>
    <message>
        <source>no device found</source>
        <translation>未找到设备</translation>
    </message>
    <message>
        <source>needs an NVIDIA GPU with CUDA; none was found here</source>
        <translation>需要支持 CUDA 的 NVIDIA GPU；本机未找到</translation>
    </message>
    <message>
        <source>needs an OpenCL device; none was found here</source>
        <translation>需要 OpenCL 设备；本机未找到</translation>
    </message>
    <message>
        <source>cudaMalloc buffer + page-locked host array (cudaHostAlloc); DMA copies</source>
        <translation>cudaMalloc 缓冲区 + 锁页内存中的主机数组（cudaHostAlloc）；DMA 拷贝</translation>
    </message>
    <message>
        <source>cudaMalloc buffer + pageable host array; cudaMemcpy stages through a pinned bounce buffer</source>
        <translation>cudaMalloc 缓冲区 + 可分页内存中的主机数组；cudaMemcpy 经由锁页内存中的中转缓冲区暂存拷贝</translation>
    </message>
    <message>
        <source>CUDA: no NVIDIA GPU with a driver found (%1)</source>
        <translation>CUDA：没有找到装有驱动的 NVIDIA GPU（%1）</translation>
    </message>
    <message>
        <source>CUDA: cudaGetDeviceCount failed: %1</source>
        <translation>CUDA：cudaGetDeviceCount 失败：%1</translation>
    </message>
    <message>
        <source>CUDA device %1: %2</source>
        <translation>CUDA 设备 %1：%2</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); discarded and prefetched before host-init</source>
        <translation>托管内存（cudaMallocManaged）；在 host-init 之前丢弃并预取</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); discarded and prefetched before the kernel</source>
        <translation>托管内存（cudaMallocManaged）；在内核之前丢弃并预取</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); never discarded (it is read in place), prefetched</source>
        <translation>托管内存（cudaMallocManaged）；从不丢弃（它被原地读取），只预取</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); discarded before host-init, then faulted in</source>
        <translation>托管内存（cudaMallocManaged）；在 host-init 之前丢弃，随后靠缺页调入</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); discarded before the kernel, then faulted in</source>
        <translation>托管内存（cudaMallocManaged）；在内核之前丢弃，随后靠缺页调入</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); never discarded (it is read in place), faulted in</source>
        <translation>托管内存（cudaMallocManaged）；从不丢弃（它被原地读取），靠缺页调入</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) prefetched to the device, then to the peer and back</source>
        <translation>托管内存（cudaMallocManaged），先预取到设备，再预取到对等 GPU 并取回</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) prefetched to the device; the peer&apos;s faults move its pages</source>
        <translation>托管内存（cudaMallocManaged），预取到设备；对等 GPU 的缺页使其页面迁移</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) advised preferred-device</source>
        <translation>托管内存（cudaMallocManaged），建议为 preferred-device</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) advised preferred-host</source>
        <translation>托管内存（cudaMallocManaged），建议为 preferred-host</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) advised accessed-by</source>
        <translation>托管内存（cudaMallocManaged），建议为 accessed-by</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) advised read-mostly</source>
        <translation>托管内存（cudaMallocManaged），建议为 read-mostly</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged) advised read-mostly (inputs only; this buffer is written)</source>
        <translation>托管内存（cudaMallocManaged），建议为 read-mostly（只对输入；这个缓冲区会被写入）</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged); pages migrate on faults</source>
        <translation>托管内存（cudaMallocManaged）；页面在缺页时迁移</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged), prefetched each way (cudaMemPrefetchBatchAsync)</source>
        <translation>托管内存（cudaMallocManaged），双向预取（cudaMemPrefetchBatchAsync）</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged), prefetched each way (cudaMemPrefetchAsync per buffer)</source>
        <translation>托管内存（cudaMallocManaged），双向预取（每个缓冲区一次 cudaMemPrefetchAsync）</translation>
    </message>
    <message>
        <source>host array pinned and mapped with cudaHostRegister: the kernel reads and writes it over the bus</source>
        <translation>主机数组经 cudaHostRegister 锁页并映射：内核经由总线读写它</translation>
    </message>
    <message>
        <source>page-locked host memory mapped into the GPU (cudaHostAllocMapped): accessed over the bus</source>
        <translation>映射到 GPU 的主机锁页内存（cudaHostAllocMapped）：经由总线访问</translation>
    </message>
    <message>
        <source>cudaMalloc on the device and on the peer; cudaMemcpyPeerAsync over the link (peer access on); page-locked host array, staged to the device</source>
        <translation>设备和对等 GPU 上各有 cudaMalloc 内存；cudaMemcpyPeerAsync 经由链路拷贝（对等访问开启）；主机数组在锁页内存中，经设备中转</translation>
    </message>
    <message>
        <source>cudaMalloc on the device and on the peer; cudaMemcpyPeerAsync staged through the host (peer access off); page-locked host array, staged to the device</source>
        <translation>设备和对等 GPU 上各有 cudaMalloc 内存；cudaMemcpyPeerAsync 经由主机中转（对等访问关闭）；主机数组在锁页内存中，经设备中转</translation>
    </message>
    <message>
        <source>cudaMalloc on the device; the peer&apos;s kernel reads and writes it in place over the link (peer access on); page-locked host array, staged to the device</source>
        <translation>设备上的 cudaMalloc 内存；对等 GPU 的内核经由链路原地读写它（对等访问开启）；主机数组在锁页内存中，经设备中转</translation>
    </message>
    <message>
        <source>cudaMalloc buffer exported with cudaIpcGetMemHandle; the peer process runs the kernel on it; pageable host array, cudaMemcpy</source>
        <translation>用 cudaIpcGetMemHandle 导出的 cudaMalloc 缓冲区；由另一个进程在其上运行内核；主机数组在可分页内存中，用 cudaMemcpy 拷贝</translation>
    </message>
    <message>
        <source>device buffer + host array; copied with clEnqueueWriteBuffer/ReadBuffer</source>
        <translation>设备缓冲区 + 主机数组；用 clEnqueueWriteBuffer/ReadBuffer 拷贝</translation>
    </message>
    <message>
        <source>host array given to CL_MEM_USE_HOST_PTR</source>
        <translation>交给 CL_MEM_USE_HOST_PTR 的主机数组</translation>
    </message>
    <message>
        <source>host array used in place: the map returned the array itself (zero-copy)</source>
        <translation>原地使用的主机数组：映射返回的就是数组本身（零拷贝）</translation>
    </message>
    <message>
        <source>host array with a device copy: the map returned another pointer</source>
        <translation>带设备端副本的主机数组：映射返回了另一个指针</translation>
    </message>
    <message>
        <source>runtime&apos;s host-visible memory; where the kernel reads it is not reported</source>
        <translation>运行时分配的主机可见内存；内核从哪里读取它没有报告</translation>
    </message>
    <message>
        <source>runtime&apos;s host memory, shared with the device: the same pointer on every map</source>
        <translation>运行时分配的主机内存，与设备共用：每次映射都是同一个指针</translation>
    </message>
    <message>
        <source>runtime memory with a separate host copy: the map returned a new pointer</source>
        <translation>运行时分配的内存，另有一份主机副本：映射返回了新的指针</translation>
    </message>
    <message>
        <source>fine-grained SVM buffer: one pointer, no map</source>
        <translation>细粒度 SVM 缓冲区：单一指针，无需映射</translation>
    </message>
    <message>
        <source>coarse-grained SVM buffer: one pointer, mapped around host access</source>
        <translation>粗粒度 SVM 缓冲区：单一指针，主机访问前后映射</translation>
    </message>
    <message>
        <source>OpenCL: no platform is installed (install pocl-opencl-icd for the CPU)</source>
        <translation>OpenCL：没有安装任何平台（安装 pocl-opencl-icd 即可在 CPU 上运行）</translation>
    </message>
    <message>
        <source>OpenCL: %1</source>
        <translation>OpenCL：%1</translation>
    </message>
    <message>
        <source>OpenCL platform: %1</source>
        <translation>OpenCL 平台：%1</translation>
    </message>
    <message>
        <source>ipc-export needs a CUDA device, and there is none</source>
        <translation>ipc-export 需要 CUDA 设备，而这里没有</translation>
    </message>
    <message>
        <source>ipc-export shares CUDA memory, and %1 is an OpenCL device</source>
        <translation>ipc-export 共享的是 CUDA 内存，而 %1 是 OpenCL 设备</translation>
    </message>
    <message>
        <source>memcpy between two pre-faulted host arrays by one thread, steady clock</source>
        <translation>单个线程在两个已预先触发缺页的主机数组之间 memcpy，用 steady_clock 计时</translation>
    </message>
    <message>
        <source>memcpy between two pre-faulted host arrays by %1 threads, steady clock</source>
        <translation>%1 个线程在两个已预先触发缺页的主机数组之间 memcpy，用 steady_clock 计时</translation>
    </message>
    <message>
        <source>cudaMemcpyAsync from page-locked memory (cudaHostAlloc), CUDA events</source>
        <translation>从锁页内存（cudaHostAlloc）执行 cudaMemcpyAsync，用 CUDA 事件计时</translation>
    </message>
    <message>
        <source>cudaMemcpyAsync to page-locked memory (cudaHostAlloc), CUDA events</source>
        <translation>向锁页内存（cudaHostAlloc）执行 cudaMemcpyAsync，用 CUDA 事件计时</translation>
    </message>
    <message>
        <source>cudaMemcpyAsync device to device, bytes read plus written, CUDA events</source>
        <translation>设备到设备的 cudaMemcpyAsync，按读写字节数之和计，用 CUDA 事件计时</translation>
    </message>
    <message>
        <source>a kernel reading mapped host memory (cudaHostAllocMapped) over the bus, CUDA events</source>
        <translation>内核经由总线读取映射的主机内存（cudaHostAllocMapped），用 CUDA 事件计时</translation>
    </message>
    <message>
        <source>a kernel reading device memory (cudaMalloc), CUDA events</source>
        <translation>内核读取设备内存（cudaMalloc），用 CUDA 事件计时</translation>
    </message>
    <message>
        <source>a kernel reading a buffer with %1 work-items in groups of %2, OpenCL profiling events</source>
        <translation>内核以 %1 个工作项、每组 %2 个读取缓冲区，用 OpenCL 性能分析事件计时</translation>
    </message>
    <message>
        <source>clEnqueueCopyBuffer, bytes read plus written, OpenCL profiling events</source>
        <translation>clEnqueueCopyBuffer，按读写字节数之和计，用 OpenCL 性能分析事件计时</translation>
    </message>
    <message>
        <source>clEnqueueWriteBuffer from pre-faulted host memory, OpenCL profiling events</source>
        <translation>从已预先触发缺页的主机内存执行 clEnqueueWriteBuffer，用 OpenCL 性能分析事件计时</translation>
    </message>
    <message>
        <source>clEnqueueReadBuffer to pre-faulted host memory, OpenCL profiling events</source>
        <translation>向已预先触发缺页的主机内存执行 clEnqueueReadBuffer，用 OpenCL 性能分析事件计时</translation>
    </message>
    <message>
        <source>cuMemCreate memory mapped in whole granules, passed to the peer process as a file descriptor; pageable host array, cudaMemcpy</source>
        <translation>cuMemCreate 分配的内存，按整粒度映射，以文件描述符传给对端进程；可分页主机数组，cudaMemcpy</translation>
    </message>
    <message>
        <source>cudaMallocAsync from a memory pool shared with the peer process as a file descriptor; pageable host array, cudaMemcpy</source>
        <translation>从内存池 cudaMallocAsync 分配，内存池以文件描述符与对端进程共享；可分页主机数组，cudaMemcpy</translation>
    </message>
    <message>
        <source>managed memory cannot be shared with another process: CUDA exports only device memory (cudaMalloc with a legacy IPC handle, cuMemCreate or a memory pool with a file descriptor)</source>
        <translation>托管内存无法与另一个进程共享：CUDA 只能导出设备内存（cudaMalloc 用传统 IPC 句柄，cuMemCreate 或内存池用文件描述符）</translation>
    </message>
    <message>
        <source>--socket &apos;%1&apos; is %2 bytes long; a socket&apos;s path holds 1 to %3 bytes</source>
        <translation>--socket 路径“%1”长 %2 字节；套接字路径只能有 1 到 %3 字节</translation>
    </message>
    <message>
        <source>--socket &apos;%1&apos; exists already; remove it or name another path</source>
        <translation>--socket 路径“%1”已存在；请删除它或换一个路径</translation>
    </message>
    <message>
        <source>cannot listen at --socket &apos;%1&apos;: %2</source>
        <translation>无法在 --socket 路径“%1”上监听：%2</translation>
    </message>
    <message>
        <source>the strided kernel touches every --stride-th element: at most whole buffers move, as the pages touched bring their neighbours</source>
        <translation>跨步内核每隔 --stride 访问一个元素：被访问的页面会带上相邻页面一起迁移，最多迁移整个缓冲区</translation>
    </message>
    <message>
        <source>ping-pong&apos;s rounds move the buffer at most once each way per round, inside the kernel phase</source>
        <translation>ping-pong 的每一轮在 kernel 阶段内最多把缓冲区往返各迁移一次</translation>
    </message>
    <message>
        <source>advice can keep pages where they are or duplicate read-only ones: at most what managed moves</source>
        <translation>建议可以让页面留在原处，或为只读页面建立副本：最多迁移 managed 所迁移的量</translation>
    </message>
    <message>
        <source>no byte budget on two GPUs: their device-to-device bytes come from CUPTI&apos;s records, a lower bound</source>
        <translation>两块 GPU 上没有字节预算：它们之间 device→device 的字节数只来自 CUPTI 的记录，只是下限</translation>
    </message>
    <message>
        <source>the OpenCL runtime decides whether a map copies: at most the buffers</source>
        <translation>映射时是否拷贝由 OpenCL 运行时决定：最多为这些缓冲区的大小</translation>
    </message>
    <message>
        <source>--answer %1: the question has %2 choices; accepted: 1 to %2</source>
        <translation>--answer %1：这个问题只有 %2 个选项；可接受：1 到 %2</translation>
    </message>
    <message>
        <source>managed memory (cudaMallocManaged), prefetched each way (cudaMemPrefetchAsync per buffer, a stream each)</source>
        <translation>托管内存（cudaMallocManaged），双向预取（每个缓冲区一次 cudaMemPrefetchAsync，各用一个流）</translation>
    </message>
    <message>
        <source>cudaMalloc buffer + page-locked, write-combined host array (cudaHostAllocWriteCombined): DMA copies; the CPU reads it uncached</source>
        <translation>cudaMalloc 缓冲区 + 锁页内存中写合并的主机数组（cudaHostAllocWriteCombined）：DMA 拷贝；CPU 不经缓存读取它</translation>
    </message>
    <message>
        <source>page-locked, write-combined host memory mapped into the GPU (cudaHostAllocMapped | cudaHostAllocWriteCombined): accessed over the bus; the CPU reads it uncached</source>
        <translation>映射到 GPU 的写合并主机锁页内存（cudaHostAllocMapped | cudaHostAllocWriteCombined）：经由总线访问；CPU 不经缓存读取它</translation>
    </message>
    <message>
        <source>--write-combined applies only to %1</source>
        <translation>--write-combined 只适用于 %1</translation>
    </message>
    <message>
        <source>--write-combined applies only to %1, not to %2</source>
        <translation>--write-combined 只适用于 %1，不适用于 %2</translation>
    </message>
    <message>
        <source>cudaMalloc buffer + ordinary host array, touched, then page-locked in place (cudaHostRegister); DMA copies</source>
        <translation>cudaMalloc 缓冲区 + 普通主机数组，先首次访问，再就地变为锁页内存（cudaHostRegister）；DMA 拷贝</translation>
    </message>
    <message>
        <source>--python &apos;%1&apos;: no such executable (a path, or a name on PATH)</source>
        <translation>--python &apos;%1&apos;：没有这个可执行文件（应为路径，或 PATH 中的名字）</translation>
    </message>
    <message>
        <source>the Python routes are running</source>
        <translation>Python 写法正在运行</translation>
    </message>
    <message>
        <source>this mode does not split its work over host threads</source>
        <translation>此模式不会把工作拆分到多个主机线程上</translation>
    </message>
    <message>
        <source>invalid --host-threads %1; accepted: 1 to %2</source>
        <translation>无效的 --host-threads %1；可接受：1 到 %2</translation>
    </message>
    <message>
        <source>--default-stream applies only to CUDA modes, not to %1 (OpenCL gives each thread a command queue of its own)</source>
        <translation>--default-stream 只适用于 CUDA 模式，不适用于 %1（OpenCL 给每个线程各自的命令队列）</translation>
    </message>
    <message>
        <source>--host-threads %1 needs at least %1 elements per buffer; --size %2 holds %3</source>
        <translation>--host-threads %1 要求每个缓冲区至少有 %1 个元素；--size %2 只有 %3 个</translation>
    </message>
    <message>
        <source>--host-threads needs the kernel on this device in this process; %1 runs it elsewhere</source>
        <translation>--host-threads 要求内核在本进程中、本设备上运行；%1 在别处运行内核</translation>
    </message>
    <message>
        <source>CUPTI&apos;s records were asked for</source>
        <translation>指定了使用 CUPTI 的记录</translation>
    </message>
    <message>
        <source>no migration records were asked for (--records none)</source>
        <translation>没有要求迁移记录（--records none）</translation>
    </message>
    <message>
        <source>CUPTI was not started: the driver&apos;s event queue records the migrations</source>
        <translation>未启动 CUPTI：迁移由驱动的事件队列记录</translation>
    </message>
    <message>
        <source>the driver&apos;s event queue did not open (%1), and CUPTI, which must start before CUDA, was not started</source>
        <translation>驱动的事件队列未能打开（%1），而 CUPTI 必须在 CUDA 之前启动，所以没有启动</translation>
    </message>
    <message>
        <source>the kernel runs on the peer GPU, whose clock is not read</source>
        <translation>内核在对端 GPU 上运行，不读取它的时钟</translation>
    </message>
    <message>
        <source>--host-threads %1 needs at least %1 elements the stride kernel touches; --size %2 with --stride %3 gives %4</source>
        <translation>--host-threads %1 需要 stride 内核至少访问 %1 个元素；--size %2 配合 --stride %3 只有 %4 个</translation>
    </message>
    <message>
        <source>--no-clock-warmup applies only to CUDA modes, not to %1 (an OpenCL run reads no clock and warms none)</source>
        <translation>--no-clock-warmup 只适用于 CUDA 模式，不适用于 %1（OpenCL 运行不读取时钟，也不预热）</translation>
    </message>
    <message>
        <source>no peer modes on this backend</source>
        <translation>此后端没有对等模式</translation>
    </message>
    <message>
        <source>NVLink not reported (%1)</source>
        <translation>未报告 NVLink（%1）</translation>
    </message>
    <message>
        <source>no NVLink active, so peer traffic crosses PCIe, whose link: %1</source>
        <translation>没有活动的 NVLink，因此对等传输经过 PCIe，其链路：%1</translation>
    </message>
    <message>
        <source>no NVLink active: peer traffic crosses PCIe, at most the device&apos;s link: %1</source>
        <translation>没有活动的 NVLink：对等传输经过 PCIe，至多为本设备的链路：%1</translation>
    </message>
    <message>
        <source>%1 NVLink links active; no specification known for this GPU&apos;s links</source>
        <translation>%1 条 NVLink 链路处于活动状态；不知道此 GPU 链路的规格</translation>
    </message>
    <message>
        <source>GPU link device→peer</source>
        <translation>GPU 间链路 设备→对等</translation>
    </message>
    <message>
        <source>GPU link peer→device</source>
        <translation>GPU 间链路 对等→设备</translation>
    </message>
    <message>
        <source>%1 and no other GPU can reach each other with peer access: their copies would be staged through the host, not carried by the link</source>
        <translation>%1 与其他任何 GPU 都无法通过对等访问互相访问：它们之间的拷贝会经主机中转，而不是由链路传输</translation>
    </message>
    <message>
        <source>no other CUDA device visible to this process</source>
        <translation>此进程看不到其他 CUDA 设备</translation>
    </message>
    <message>
        <source>NVLink: %1 links active × %2 GB/s each way (sm_%3&apos;s specification), all of the device&apos;s links (its PCIe link, for a peer reached over PCIe, is not known: %4)</source>
        <translation>NVLink：%1 条活动链路 × 每个方向 %2 GB/s（sm_%3 的规格），即本设备的全部链路（经 PCIe 到达的对等 GPU 所用的 PCIe 链路未知：%4）</translation>
    </message>
    <message>
        <source>the larger of NVLink, %1 links active × %2 GB/s each way (sm_%3&apos;s specification), all of the device&apos;s links, and its PCIe link for a peer reached over PCIe, %4 (%5): a bound on the path to any one peer</source>
        <translation>取以下两者中较大者：NVLink，%1 条活动链路 × 每个方向 %2 GB/s（sm_%3 的规格），即本设备的全部链路；以及经 PCIe 到达对等 GPU 时本设备的 PCIe 链路，%4（%5）：通往任一对等 GPU 的路径的上限</translation>
    </message>
    <message>
        <source>cudaMemcpyPeerAsync from the device to %1 on the stream of %2, peer access on both ways, CUDA events</source>
        <translation>cudaMemcpyPeerAsync 从本设备到 %1，在 %2 的流上发出，双向开启对等访问，CUDA 事件计时</translation>
    </message>
    <message>
        <source>cudaMemcpyPeerAsync from %1 to the device on the stream of %2, peer access on both ways, CUDA events</source>
        <translation>cudaMemcpyPeerAsync 从 %1 到本设备，在 %2 的流上发出，双向开启对等访问，CUDA 事件计时</translation>
    </message>
    <message>
        <source>not in this report (the ShareScope that wrote it had no ceiling for this path)</source>
        <translation>此报告中没有（写出它的 ShareScope 不衡量这条路径，上限未知）</translation>
    </message>
    <message>
        <source>this kernel (%1) has no pidfd_getfd, which came with Linux 5.6: a newer kernel is needed</source>
        <translation>此内核（%1）没有 pidfd_getfd（Linux 5.6 才加入）：需要更新的内核</translation>
    </message>
    <message>
        <source>a seccomp filter refuses pidfd_getfd here (Seccomp: %1, no CAP_SYS_PTRACE), as a container&apos;s default profile does: start the container with --cap-add SYS_PTRACE</source>
        <translation>这里的 seccomp 过滤器拒绝 pidfd_getfd（Seccomp：%1，没有 CAP_SYS_PTRACE），容器的默认配置就是这样：用 --cap-add SYS_PTRACE 启动容器</translation>
    </message>
    <message>
        <source>Yama&apos;s ptrace_scope is 1: a process may take descriptors only from its own descendants; start the program under ShareScope (sharescope watch -- COMMAND) instead of attaching to it</source>
        <translation>Yama 的 ptrace_scope 为 1：进程只能获取自己后代进程的描述符；请在 ShareScope 之下启动程序（sharescope watch -- 命令），而不是附加到它</translation>
    </message>
    <message>
        <source>Yama&apos;s ptrace_scope is %1: taking another process&apos;s descriptors needs CAP_SYS_PTRACE (2) or is off (3); an administrator sets it in kernel.yama.ptrace_scope</source>
        <translation>Yama 的 ptrace_scope 为 %1：获取其他进程的描述符需要 CAP_SYS_PTRACE（2）或已完全禁止（3）；由管理员在 kernel.yama.ptrace_scope 中设置</translation>
    </message>
    <message>
        <source>the process runs as user %1 and ShareScope as user %2: run ShareScope as the same user</source>
        <translation>该进程以用户 %1 运行，ShareScope 以用户 %2 运行：请以同一用户运行 ShareScope</translation>
    </message>
    <message>
        <source>the process has ended</source>
        <translation>该进程已结束</translation>
    </message>
    <message>
        <source>the process closed the descriptor before it was taken</source>
        <translation>该进程在描述符被获取之前关闭了它</translation>
    </message>
    <message>
        <source>the kernel refused pidfd_getfd for a reason ShareScope cannot see (a process that is not dumpable, a security module)</source>
        <translation>内核拒绝了 pidfd_getfd，原因 ShareScope 无法看到（进程不可转储，或安全模块的限制）</translation>
    </message>
    <message>
        <source>this is a CSV file of ShareScope&apos;s (one row per phase, from --csv or Save as CSV), which spreadsheets read; ShareScope opens the JSON reports that --json and Save write</source>
        <translation>这是 ShareScope 的 CSV 文件（每个阶段一行，来自 --csv 或“另存为 CSV”），供电子表格读取；ShareScope 打开的是 --json 和“保存”写出的 JSON 报告</translation>
    </message>
    <message>
        <source>this is a trace (from --trace or Export trace), which ui.perfetto.dev and chrome://tracing open; ShareScope opens the JSON reports that --json and Save write</source>
        <translation>这是一份跟踪文件（来自 --trace 或“导出跟踪”），用 ui.perfetto.dev 或 chrome://tracing 打开；ShareScope 打开的是 --json 和“保存”写出的 JSON 报告</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>没有那个文件或目录</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不够</translation>
    </message>
    <message>
        <source>Operation not permitted</source>
        <translation>不允许的操作</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个目录</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是目录</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>只读文件系统</translation>
    </message>
    <message>
        <source>File exists</source>
        <translation>文件已存在</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>符号链接的层数过多</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>Too many open files</source>
        <translation>打开的文件过多</translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation>设备或资源忙</translation>
    </message>
    <message>
        <source>No such device or address</source>
        <translation>没有那个设备或地址</translation>
    </message>
    <message>
        <source>No such device</source>
        <translation>没有那个设备</translation>
    </message>
    <message>
        <source>not valid JSON: the file is empty</source>
        <translation>不是有效的 JSON：文件是空的</translation>
    </message>
    <message>
        <source>not valid JSON at line %1, column %2 (%3)</source>
        <translation>不是有效的 JSON：第 %1 行第 %2 列有误（解析器的原话：%3）</translation>
    </message>
    <message>
        <source>not reported: %1</source>
        <translation>未报告：%1</translation>
    </message>
    <message>
        <source>shared memory for worker processes</source>
        <translation>工作进程的共享内存</translation>
    </message>
    <message>
        <source>open-file limit</source>
        <translation>打开文件数上限</translation>
    </message>
    <message>
        <source>passing descriptors between processes</source>
        <translation>进程间传递文件描述符</translation>
    </message>
    <message>
        <source>legacy CUDA IPC</source>
        <translation>传统 CUDA IPC</translation>
    </message>
    <message>
        <source>page-locked (pinned) memory</source>
        <translation>锁页内存（pinned）</translation>
    </message>
    <message>
        <source>NUMA placement</source>
        <translation>NUMA 位置</translation>
    </message>
    <message>
        <source>the PCIe link</source>
        <translation>PCIe 链路</translation>
    </message>
    <message>
        <source>peer-to-peer between GPUs</source>
        <translation>GPU 之间的点对点</translation>
    </message>
    <message>
        <source>addressing mode (HMM, ATS)</source>
        <translation>寻址模式（HMM、ATS）</translation>
    </message>
    <message>
        <source>MPS and compute mode</source>
        <translation>MPS 与计算模式</translation>
    </message>
    <message>
        <source>managed memory</source>
        <translation>托管内存</translation>
    </message>
    <message>
        <source>driver, runtime and clocks</source>
        <translation>驱动、运行时与时钟</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>could not check</source>
        <translation>无法检查</translation>
    </message>
    <message>
        <source>invalid --workers &apos;%1&apos;; accepted: 1 to 1024</source>
        <translation>无效的 --workers &apos;%1&apos;；可用：1 到 1024</translation>
    </message>
    <message>
        <source>invalid --batch &apos;%1&apos; bytes; accepted: 1 byte to 1 TiB</source>
        <translation>无效的 --batch &apos;%1&apos; 字节；可用：1 字节到 1 TiB</translation>
    </message>
    <message>
        <source>invalid --peer-pid &apos;%1&apos;; accepted: a process id, 1 or more</source>
        <translation>无效的 --peer-pid &apos;%1&apos;；可用：进程号，1 或更大</translation>
    </message>
    <message>
        <source>not a machine check ShareScope can read: %1</source>
        <translation>不是 ShareScope 能读取的本机检查结果：%1</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>没有该文件</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>error %1</source>
        <translation>错误 %1</translation>
    </message>
    <message>
        <source>not measured (--quick): nothing read decides it</source>
        <translation>未测量（--quick）：读到的内容不足以判断</translation>
    </message>
    <message>
        <source>%1 is not a CUDA device: the GPU&apos;s checks need one</source>
        <translation>%1 不是 CUDA 设备：GPU 相关的检查需要 CUDA 设备</translation>
    </message>
    <message>
        <source>no CUDA device here: the GPU&apos;s checks need one</source>
        <translation>这里没有 CUDA 设备：GPU 相关的检查需要 CUDA 设备</translation>
    </message>
    <message>
        <source>no CUDA device here (%1): the GPU&apos;s checks need one</source>
        <translation>这里没有 CUDA 设备（%1）：GPU 相关的检查需要 CUDA 设备</translation>
    </message>
    <message>
        <source>needs a CUDA device</source>
        <translation>需要 CUDA 设备</translation>
    </message>
    <message>
        <source>reading the system&apos;s files</source>
        <translation>读取系统文件</translation>
    </message>
    <message>
        <source>passing descriptors to a child process</source>
        <translation>向子进程传递文件描述符</translation>
    </message>
    <message>
        <source>asking NVML and CUDA</source>
        <translation>查询 NVML 和 CUDA</translation>
    </message>
    <message>
        <source>page-locking host memory</source>
        <translation>锁定主机内存页（锁页内存）</translation>
    </message>
    <message>
        <source>copies from page-locked and ordinary memory</source>
        <translation>从锁页内存和普通内存拷贝</translation>
    </message>
    <message>
        <source>the PCIe link under load</source>
        <translation>负载下的 PCIe 链路</translation>
    </message>
    <message>
        <source>copies to the other GPUs</source>
        <translation>拷贝到其他 GPU</translation>
    </message>
    <message>
        <source>a CUDA IPC handle opened in a child process</source>
        <translation>在子进程中打开 CUDA IPC 句柄</translation>
    </message>
    <message>
        <source>%1 mappings of the %2 allowed</source>
        <translation>已有 %1 个内存映射，上限 %2</translation>
    </message>
    <message>
        <source>Max locked memory %1: limits RDMA (NCCL over InfiniBand, GPUDirect), not cudaHostAlloc or cudaHostRegister</source>
        <translation>“Max locked memory”为 %1：它限制 RDMA（InfiniBand 上的 NCCL、GPUDirect），不限制 cudaHostAlloc 和 cudaHostRegister</translation>
    </message>
    <message>
        <source>this process already has %1 of the %2 memory mappings vm.max_map_count allows: every page-locked buffer adds one, and cudaHostRegister then fails with out of memory</source>
        <translation>本进程已有 %1 个内存映射，vm.max_map_count 只允许 %2 个：每个锁页内存缓冲区都会再加一个，届时 cudaHostRegister 会以内存不足失败</translation>
    </message>
    <message>
        <source>Page-lock fewer, larger buffers, or raise vm.max_map_count (sysctl -w vm.max_map_count=1048576).</source>
        <translation>把锁页内存合并成更少、更大的缓冲区，或调高 vm.max_map_count（“sysctl -w vm.max_map_count=1048576”）。</translation>
    </message>
    <message>
        <source>setup %1 page-locked against %2 ordinary; copies %3 against %4; it has paid for itself by use %5</source>
        <translation>准备：锁页内存 %1，普通内存 %2；拷贝：%3 对 %4；使用 %5 次后回本</translation>
    </message>
    <message>
        <source>setup %1 page-locked against %2 ordinary; copies %3 against %4; never pays</source>
        <translation>准备：锁页内存 %1，普通内存 %2；拷贝：%3 对 %4；永远不回本</translation>
    </message>
    <message>
        <source>not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <source>cudaHostAlloc of %1 failed: %2</source>
        <translation>cudaHostAlloc 分配 %1 失败：%2</translation>
    </message>
    <message>
        <source>Page-locked memory comes out of the host&apos;s RAM and a container&apos;s memory limit: free memory, raise the limit, or pin smaller buffers and reuse them.</source>
        <translation>锁页内存占用主机内存，也计入容器的内存上限：释放内存、调高上限，或锁定更小的缓冲区并重复使用。</translation>
    </message>
    <message>
        <source>cudaHostRegister of %1 failed: %2</source>
        <translation>cudaHostRegister 注册 %1 失败：%2</translation>
    </message>
    <message>
        <source>Register fewer, larger buffers, and check vm.max_map_count and the container&apos;s memory limit.</source>
        <translation>注册更少、更大的缓冲区，并检查 vm.max_map_count 和容器的内存上限。</translation>
    </message>
    <message>
        <source>this process already has %1 of the %2 memory mappings vm.max_map_count allows: every page-locked buffer adds one</source>
        <translation>本进程已有 %1 个内存映射，vm.max_map_count 只允许 %2 个：每个锁页内存缓冲区都会再加一个</translation>
    </message>
    <message>
        <source>Page-lock once and reuse the buffers (pin_memory=True in a DataLoader reuses them through PyTorch&apos;s caching allocator); never pin a tensor for one copy.</source>
        <translation>只锁页一次并重复使用这些缓冲区（DataLoader 的 pin_memory=True 通过 PyTorch 的缓存分配器重复使用它们）；不要为一次拷贝去锁定一个张量。</translation>
    </message>
    <message>
        <source>copies from page-locked memory (%1) were hardly faster than from ordinary memory (%2): pinning costs here and saves little</source>
        <translation>从锁页内存拷贝（%1）几乎不比从普通内存拷贝（%2）快：在这里锁页有代价，却省不了多少</translation>
    </message>
    <message>
        <source>page-locking a buffer costs as much as %1 of its faster copies: pinning per batch is slower than not pinning</source>
        <translation>锁定一个缓冲区的代价相当于 %1 次更快的拷贝：每个批次都锁页比不锁页更慢</translation>
    </message>
    <message>
        <source>page-locked copies saved nothing here: pinning never pays</source>
        <translation>在这里从锁页内存拷贝没有省下时间：锁页永远不回本</translation>
    </message>
    <message>
        <source>page-locking works; copies from it reach %1, from ordinary memory %2</source>
        <translation>锁页内存可用；从它拷贝达到 %1，从普通内存拷贝为 %2</translation>
    </message>
    <message>
        <source>page-locking works</source>
        <translation>锁页内存可用</translation>
    </message>
    <message>
        <source>a cudaHostAlloc buffer is on node %1</source>
        <translation>cudaHostAlloc 的缓冲区在节点 %1</translation>
    </message>
    <message>
        <source>the NUMA nodes could not be read from %1 (%2)</source>
        <translation>无法从 %1 读取 NUMA 节点（%2）</translation>
    </message>
    <message>
        <source>one NUMA node: all host memory is as near the GPU</source>
        <translation>只有一个 NUMA 节点：所有主机内存离 GPU 一样近</translation>
    </message>
    <message>
        <source>%1 NUMA nodes, but the firmware gives the GPU none (numa_node -1): which memory is near it is not known</source>
        <translation>有 %1 个 NUMA 节点，但固件没有给 GPU 指定节点（numa_node -1）：不知道哪部分内存离它近</translation>
    </message>
    <message>
        <source>Run the process on the GPU&apos;s node: numactl --cpunodebind=%1 --membind=%1 python train.py</source>
        <translation>在 GPU 所在节点上运行进程：“numactl --cpunodebind=%1 --membind=%1 python train.py”</translation>
    </message>
    <message>
        <source>this process runs only on CPUs far from the GPU (node %1): its page-locked buffers land on the far node, and copies from them may run at a fraction of the link&apos;s speed</source>
        <translation>本进程只在远离 GPU（节点 %1）的 CPU 上运行：它的锁页内存缓冲区落在远端节点上，从中拷贝可能只有链路速度的几分之一</translation>
    </message>
    <message>
        <source>a page-locked buffer allocated here landed on node %1, the GPU is on node %2: copies cross from one processor to the other</source>
        <translation>在这里分配的锁页内存缓冲区落在节点 %1，而 GPU 在节点 %2：拷贝要从一个处理器跨到另一个</translation>
    </message>
    <message>
        <source>the GPU is on node %1, and this process runs near it</source>
        <translation>GPU 在节点 %1，本进程就在它附近运行</translation>
    </message>
    <message>
        <source>neither NVML nor CUDA said the addressing mode</source>
        <translation>NVML 和 CUDA 都没有给出寻址模式</translation>
    </message>
    <message>
        <source>%1: the GPU reaches ordinary (pageable) host memory</source>
        <translation>%1：GPU 能访问普通的（可分页内存）主机内存</translation>
    </message>
    <message>
        <source>Linux %1 (HMM needs 6.1.24 or later)</source>
        <translation>Linux %1（HMM 需要 6.1.24 或更新）</translation>
    </message>
    <message>
        <source>%1, the open module</source>
        <translation>%1，开源模块</translation>
    </message>
    <message>
        <source>%1, the proprietary module</source>
        <translation>%1，闭源模块</translation>
    </message>
    <message>
        <source>the proprietary kernel module (HMM needs the open one)</source>
        <translation>闭源内核模块（HMM 需要开源模块）</translation>
    </message>
    <message>
        <source>uvm_disable_hmm=Y (nvidia_uvm&apos;s option)</source>
        <translation>uvm_disable_hmm=Y（nvidia_uvm 的选项）</translation>
    </message>
    <message>
        <source>%1 is not set in the kernel</source>
        <translation>内核没有设置 %1</translation>
    </message>
    <message>
        <source>the kernel&apos;s configuration is not readable</source>
        <translation>无法读取内核配置</translation>
    </message>
    <message>
        <source>Kernels here cannot read malloc&apos;d or numpy memory: use cudaMallocManaged, page-locked memory or explicit copies.</source>
        <translation>这里的内核无法读取 malloc 或 numpy 分配的内存：请使用 cudaMallocManaged、锁页内存或显式拷贝。</translation>
    </message>
    <message>
        <source>addressing mode None, although every prerequisite of HMM that could be read holds</source>
        <translation>寻址模式为 None，尽管能读到的 HMM 前提条件都满足</translation>
    </message>
    <message>
        <source>addressing mode None: the GPU cannot reach ordinary host memory, because %1</source>
        <translation>寻址模式为 None：GPU 无法访问普通主机内存，原因是 %1</translation>
    </message>
    <message>
        <source>%1 free of %2</source>
        <translation>%2 中空闲 %1</translation>
    </message>
    <message>
        <source>worked</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>CUDA did not say whether the device has managed memory: %1</source>
        <translation>CUDA 没有说明设备是否支持托管内存：%1</translation>
    </message>
    <message>
        <source>the device has no managed memory</source>
        <translation>该设备不支持托管内存</translation>
    </message>
    <message>
        <source>Use explicit copies (cudaMalloc and cudaMemcpy) on this device.</source>
        <translation>在此设备上使用显式拷贝（cudaMalloc 和 cudaMemcpy）。</translation>
    </message>
    <message>
        <source>managed memory did not work: %1</source>
        <translation>托管内存不可用：%1</translation>
    </message>
    <message>
        <source>Look at the driver&apos;s messages (dmesg) and at nvidia_uvm: managed memory needs the nvidia_uvm module loaded.</source>
        <translation>查看驱动的消息（“dmesg”）和 nvidia_uvm：托管内存需要加载 nvidia_uvm 模块。</translation>
    </message>
    <message>
        <source>no concurrent managed access: the CPU must not touch managed memory while a kernel runs (it faults), and managed memory cannot be larger than the GPU&apos;s</source>
        <translation>不支持并发托管访问：内核运行时 CPU 不能访问托管内存（会出错），而且托管内存不能超过 GPU 的内存</translation>
    </message>
    <message>
        <source>Synchronize before the CPU touches managed memory, or use explicit copies (Windows, WSL and GPUs before Pascal work this way).</source>
        <translation>在 CPU 访问托管内存之前先同步，或使用显式拷贝（Windows、WSL 和 Pascal 之前的 GPU 都是这样）。</translation>
    </message>
    <message>
        <source>managed memory works with concurrent access; beyond the %1 free, allocations oversubscribe the GPU and pages move back and forth</source>
        <translation>托管内存可用，且支持并发访问；超出空闲的 %1 后，分配会超额使用 GPU，页面会来回迁移</translation>
    </message>
    <message>
        <source>managed memory works with concurrent access</source>
        <translation>托管内存可用，且支持并发访问</translation>
    </message>
    <message>
        <source>SM %1 MHz before the checks ran</source>
        <translation>检查开始前 SM 为 %1 MHz</translation>
    </message>
    <message>
        <source>SM %1 MHz under its load</source>
        <translation>在其负载下 SM 为 %1 MHz</translation>
    </message>
    <message>
        <source>the kernel module is %1 but NVML is %2: &quot;Driver/library version mismatch&quot;</source>
        <translation>内核模块是 %1，而 NVML 是 %2：&quot;Driver/library version mismatch&quot;</translation>
    </message>
    <message>
        <source>The driver was updated without reloading its module: reboot (or unload and load nvidia&apos;s modules).</source>
        <translation>驱动已更新但没有重新加载模块：请重启（或卸载并重新加载 nvidia 的模块）。</translation>
    </message>
    <message>
        <source>the CUDA runtime %1 is newer than the driver&apos;s CUDA %2: cudaErrorInsufficientDriver</source>
        <translation>CUDA 运行时 %1 比驱动的 CUDA %2 新：cudaErrorInsufficientDriver</translation>
    </message>
    <message>
        <source>Install a newer driver, or use a build for an older CUDA.</source>
        <translation>安装更新的驱动，或使用为旧版 CUDA 构建的版本。</translation>
    </message>
    <message>
        <source>persistence mode is off: every process that starts CUDA waits for the driver to set the GPU up</source>
        <translation>持久模式已关闭：每个启动 CUDA 的进程都要等驱动初始化 GPU</translation>
    </message>
    <message>
        <source>Run the persistence daemon: systemctl enable --now nvidia-persistenced.</source>
        <translation>运行持久化守护进程：“systemctl enable --now nvidia-persistenced”。</translation>
    </message>
    <message>
        <source>the SM clock reached %1 MHz under load, below its %2 MHz: power or heat holds it down</source>
        <translation>负载下 SM 时钟只到 %1 MHz，低于它的 %2 MHz：被功耗或温度限制了</translation>
    </message>
    <message>
        <source>Look at nvidia-smi -q -d PERFORMANCE for the reason (power cap, thermal slowdown).</source>
        <translation>用“nvidia-smi -q -d PERFORMANCE”查看原因（功耗上限、过热降频）。</translation>
    </message>
    <message>
        <source>neither NVML nor CUDA gave the driver&apos;s version</source>
        <translation>NVML 和 CUDA 都没有给出驱动版本</translation>
    </message>
    <message>
        <source>driver %1 (CUDA %2), runtime %3; versions agree</source>
        <translation>驱动 %1（CUDA %2），运行时 %3；版本一致</translation>
    </message>
    <message>
        <source>%1 workers × %2 batches in flight × %3, a quarter more, and 64 MiB</source>
        <translation>%1 个工作进程 × 每个 %2 个在途批次 × %3，再加四分之一，另加 64 MiB</translation>
    </message>
    <message>
        <source>%1 in all, %2 free</source>
        <translation>共 %1，空闲 %2</translation>
    </message>
    <message>
        <source>no mount at %1</source>
        <translation>%1 处没有挂载</translation>
    </message>
    <message>
        <source>not read: %1</source>
        <translation>未读取：%1</translation>
    </message>
    <message>
        <source>needs %1: %2</source>
        <translation>需要 %1：%2</translation>
    </message>
    <message>
        <source>no sign of a container</source>
        <translation>没有容器的迹象</translation>
    </message>
    <message>
        <source>signs of a container: %1</source>
        <translation>容器的迹象：%1</translation>
    </message>
    <message>
        <source>Give the container more shared memory: docker run --shm-size=8g (or --ipc=host); in Kubernetes, mount an emptyDir with medium: Memory at /dev/shm. Or use fewer workers or smaller batches.</source>
        <translation>给容器更多共享内存：docker run --shm-size=8g（或“--ipc=host”）；在 Kubernetes 中，把“medium: Memory”的 emptyDir 挂载到 /dev/shm。或者减少工作进程、减小批次。</translation>
    </message>
    <message>
        <source>Enlarge /dev/shm (as root: mount -o remount,size=8G /dev/shm, and in /etc/fstab to keep it), or use fewer workers or smaller batches.</source>
        <translation>扩大 /dev/shm（以 root 身份：“mount -o remount,size=8G /dev/shm”，并写入 /etc/fstab 以保留），或者减少工作进程、减小批次。</translation>
    </message>
    <message>
        <source>there is no /dev/shm: worker processes have no shared memory to hand tensors over in</source>
        <translation>没有 /dev/shm：工作进程没有共享内存来传递张量</translation>
    </message>
    <message>
        <source>the size of /dev/shm could not be read</source>
        <translation>无法读取 /dev/shm 的大小</translation>
    </message>
    <message>
        <source>/dev/shm holds %1, less than the %2 the workers need: they die with a bus error</source>
        <translation>/dev/shm 只有 %1，少于工作进程需要的 %2：它们会因总线错误而终止</translation>
    </message>
    <message>
        <source>only %1 of /dev/shm is free, less than the %2 the workers need: something else holds the rest</source>
        <translation>/dev/shm 只剩 %1 空闲，少于工作进程需要的 %2：其余的被别的东西占着</translation>
    </message>
    <message>
        <source>Look in /dev/shm (ls -la /dev/shm) for files left by programs that ended (torch_*, nccl-*) and remove them.</source>
        <translation>查看 /dev/shm（“ls -la /dev/shm”）中已结束的程序留下的文件（torch_*、nccl-*），并删除它们。</translation>
    </message>
    <message>
        <source>a container whose /dev/shm holds %1 (Docker gives 64 MiB): enough for this plan, not for many more workers or larger batches</source>
        <translation>容器的 /dev/shm 只有 %1（Docker 默认给 64 MiB）：够这个计划用，但不够更多工作进程或更大的批次</translation>
    </message>
    <message>
        <source>/dev/shm has %1 free, the workers need %2</source>
        <translation>/dev/shm 空闲 %1，工作进程需要 %2</translation>
    </message>
    <message>
        <source>the open-file limit could not be read</source>
        <translation>无法读取打开文件数上限</translation>
    </message>
    <message>
        <source>no Max open files line</source>
        <translation>没有“Max open files”这一行</translation>
    </message>
    <message>
        <source>Max open files: soft %1, hard %2</source>
        <translation>“Max open files”：软上限 %1，硬上限 %2</translation>
    </message>
    <message>
        <source>%1 open now</source>
        <translation>当前打开 %1 个</translation>
    </message>
    <message>
        <source>needs about %1: one per tensor of each batch in flight (16 a batch), a few per worker, 256 of the process&apos;s own</source>
        <translation>约需 %1 个：每个在途批次的每个张量一个（每批 16 个），每个工作进程几个，进程自身 256 个</translation>
    </message>
    <message>
        <source>Raise the soft limit up to the hard one (%1) before starting: ulimit -n %1, or in Python resource.setrlimit(resource.RLIMIT_NOFILE, (%1, %1)). Or call torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;).</source>
        <translation>启动前把软上限提高到硬上限（%1）：“ulimit -n %1”，或在 Python 中 resource.setrlimit(resource.RLIMIT_NOFILE, (%1, %1))。或者调用 torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;)。</translation>
    </message>
    <message>
        <source>Raise the hard limit (docker run --ulimit nofile=65536:65536, or nofile in /etc/security/limits.conf), or call torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;).</source>
        <translation>提高硬上限（docker run --ulimit nofile=65536:65536，或 /etc/security/limits.conf 中的 nofile），或者调用 torch.multiprocessing.set_sharing_strategy(&apos;file_system&apos;)。</translation>
    </message>
    <message>
        <source>the open-file limit is %1, below the %2 descriptors the workers keep open: &quot;received 0 items of ancdata&quot;</source>
        <translation>打开文件数上限为 %1，低于工作进程要保持打开的 %2 个文件描述符：&quot;received 0 items of ancdata&quot;</translation>
    </message>
    <message>
        <source>the open-file limit is %1: enough for this plan, tight for more workers or tensors</source>
        <translation>打开文件数上限为 %1：够这个计划用，但工作进程或张量再多就紧张了</translation>
    </message>
    <message>
        <source>the open-file limit is %1, the workers need about %2</source>
        <translation>打开文件数上限为 %1，工作进程约需 %2</translation>
    </message>
    <message>
        <source>the kernel (%1) has no pidfd_getfd, which came with Linux 5.6</source>
        <translation>内核（%1）没有 pidfd_getfd，它从 Linux 5.6 起才有</translation>
    </message>
    <message>
        <source>a seccomp filter refuses it (Seccomp: %1, no CAP_SYS_PTRACE), as Docker&apos;s default profile does</source>
        <translation>seccomp 过滤器拒绝了它（Seccomp：%1，没有 CAP_SYS_PTRACE），Docker 的默认配置就是这样</translation>
    </message>
    <message>
        <source>Yama&apos;s ptrace_scope is %1: 1 lets a process take only from its own descendants, 2 needs CAP_SYS_PTRACE, 3 forbids it</source>
        <translation>Yama 的 ptrace_scope 为 %1：1 只允许从自己的后代进程获取，2 需要 CAP_SYS_PTRACE，3 完全禁止</translation>
    </message>
    <message>
        <source>the processes run as different users</source>
        <translation>这些进程以不同用户身份运行</translation>
    </message>
    <message>
        <source>refused with %1, for a reason this process cannot see (a security module, a process that is not dumpable)</source>
        <translation>以 %1 被拒绝，原因本进程看不到（安全模块，或进程不可转储）</translation>
    </message>
    <message>
        <source>no Yama (no such file)</source>
        <translation>没有 Yama（没有该文件）</translation>
    </message>
    <message>
        <source>Seccomp: %1; CapEff has CAP_SYS_PTRACE</source>
        <translation>Seccomp：%1；CapEff 含 CAP_SYS_PTRACE</translation>
    </message>
    <message>
        <source>Seccomp: %1; CapEff lacks CAP_SYS_PTRACE</source>
        <translation>Seccomp：%1；CapEff 不含 CAP_SYS_PTRACE</translation>
    </message>
    <message>
        <source>the trial with a child process could not run: %1</source>
        <translation>无法与子进程进行试验：%1</translation>
    </message>
    <message>
        <source>not tried</source>
        <translation>未尝试</translation>
    </message>
    <message>
        <source>taken, the same file</source>
        <translation>已获取，且是同一个文件</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>被拒绝：%1</translation>
    </message>
    <message>
        <source>a descriptor of this process itself: %1</source>
        <translation>本进程自己的文件描述符：%1</translation>
    </message>
    <message>
        <source>the parent takes one of its child&apos;s: %1</source>
        <translation>父进程获取子进程的文件描述符：%1</translation>
    </message>
    <message>
        <source>the child takes one of its parent&apos;s: %1</source>
        <translation>子进程获取父进程的文件描述符：%1</translation>
    </message>
    <message>
        <source>the child sends one to its parent: %1</source>
        <translation>子进程发送一个给父进程：%1</translation>
    </message>
    <message>
        <source>Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False in the processes that share CUDA tensors, or start the container with --cap-add=SYS_PTRACE. Passing descriptors over a Unix socket (SCM_RIGHTS) works here.</source>
        <translation>在共享 CUDA 张量的进程中设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False，或用 --cap-add=SYS_PTRACE 启动容器。在这里通过 Unix 域套接字（SCM_RIGHTS）传递文件描述符是可行的。</translation>
    </message>
    <message>
        <source>Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False in the processes that share CUDA tensors, or start the container with --cap-add=SYS_PTRACE.</source>
        <translation>在共享 CUDA 张量的进程中设置 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False，或用 --cap-add=SYS_PTRACE 启动容器。</translation>
    </message>
    <message>
        <source>pidfd_getfd is refused even on this process&apos;s own descriptors: %1; PyTorch&apos;s expandable segments cannot be shared</source>
        <translation>连本进程自己的文件描述符也被 pidfd_getfd 拒绝：%1；PyTorch 的 expandable segments 无法共享</translation>
    </message>
    <message>
        <source>a process cannot take its parent&apos;s descriptors: %1; CUDA tensors from expandable segments fail to reach the processes a program starts (&quot;pidfd_getfd: Operation not permitted&quot;)</source>
        <translation>进程无法获取其父进程的文件描述符：%1；来自 expandable segments 的 CUDA 张量无法传到程序启动的进程（&quot;pidfd_getfd: Operation not permitted&quot;）</translation>
    </message>
    <message>
        <source>a process cannot take its child&apos;s descriptors: %1; CUDA tensors from expandable segments fail between processes</source>
        <translation>进程无法获取其子进程的文件描述符：%1；来自 expandable segments 的 CUDA 张量无法在进程间传递</translation>
    </message>
    <message>
        <source>a descriptor sent over a Unix socket did not arrive: %1</source>
        <translation>通过 Unix 域套接字发送的文件描述符没有到达：%1</translation>
    </message>
    <message>
        <source>Check the open-file limit (ulimit -n) and the security profile of the container.</source>
        <translation>检查打开文件数上限（ulimit -n）和容器的安全配置。</translation>
    </message>
    <message>
        <source>the child process did not finish the trial: %1</source>
        <translation>子进程没有完成试验：%1</translation>
    </message>
    <message>
        <source>pidfd_getfd works both ways between a process and its child, and so does SCM_RIGHTS</source>
        <translation>pidfd_getfd 在进程与其子进程之间双向可用，SCM_RIGHTS 也可用</translation>
    </message>
    <message>
        <source>Run the processes that share CUDA memory in one container, or start their containers with --ipc=host --pid=host (or --ipc=container:NAME --pid=container:NAME). Descriptors of expandable segments need neither.</source>
        <translation>把共享 CUDA 内存的进程放在同一个容器中运行，或用“--ipc=host --pid=host”（或“--ipc=container:NAME --pid=container:NAME”）启动它们的容器。expandable segments 的文件描述符两者都不需要。</translation>
    </message>
    <message>
        <source>process %1 is not visible from here: it runs in another PID namespace (another container), where legacy CUDA IPC handles do not open</source>
        <translation>从这里看不到进程 %1：它运行在另一个 PID 命名空间（另一个容器）中，传统 CUDA IPC 句柄在那里打不开</translation>
    </message>
    <message>
        <source>the namespaces of process %1 could not be read: %2</source>
        <translation>无法读取进程 %1 的命名空间：%2</translation>
    </message>
    <message>
        <source>process %1 runs in another %2 namespace: a legacy CUDA IPC handle from one does not open in the other (&quot;invalid device context&quot;, &quot;invalid argument&quot;)</source>
        <translation>进程 %1 运行在另一个 %2 命名空间中：一方的传统 CUDA IPC 句柄在另一方打不开（&quot;invalid device context&quot;、&quot;invalid argument&quot;）</translation>
    </message>
    <message>
        <source>a handle exported here opened in a child in %1</source>
        <translation>这里导出的句柄在子进程中打开，用时 %1</translation>
    </message>
    <message>
        <source>a legacy CUDA IPC handle did not open in a child of this process: %1</source>
        <translation>传统 CUDA IPC 句柄无法在本进程的子进程中打开：%1</translation>
    </message>
    <message>
        <source>Check the compute mode (Exclusive_Process refuses the second process) and the MPS daemon, below.</source>
        <translation>请检查计算模式（Exclusive_Process 会拒绝第二个进程）和下面的 MPS 守护进程。</translation>
    </message>
    <message>
        <source>this process has PID or IPC namespaces of its own (a container): legacy CUDA IPC handles open only in processes of the same namespaces</source>
        <translation>本进程有自己的 PID 或 IPC 命名空间（容器）：传统 CUDA IPC 句柄只能在同一组命名空间的进程中打开</translation>
    </message>
    <message>
        <source>a legacy CUDA IPC handle opens in another process here</source>
        <translation>在这里传统 CUDA IPC 句柄能在另一个进程中打开</translation>
    </message>
    <message>
        <source>holds a control socket</source>
        <translation>有控制套接字</translation>
    </message>
    <message>
        <source>no control socket</source>
        <translation>没有控制套接字</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>没有该文件夹</translation>
    </message>
    <message>
        <source>the GPU&apos;s compute mode is Prohibited: no process can use it</source>
        <translation>GPU 的计算模式为 Prohibited：任何进程都无法使用它</translation>
    </message>
    <message>
        <source>Ask an administrator to set it back: nvidia-smi -c DEFAULT.</source>
        <translation>请管理员改回：“nvidia-smi -c DEFAULT”。</translation>
    </message>
    <message>
        <source>CUDA_MPS_PIPE_DIRECTORY names %1, where no MPS daemon runs: CUDA runs without MPS</source>
        <translation>CUDA_MPS_PIPE_DIRECTORY 指向 %1，那里没有运行 MPS 守护进程：CUDA 会在没有 MPS 的情况下运行</translation>
    </message>
    <message>
        <source>Start the daemon (nvidia-cuda-mps-control -d) with the same CUDA_MPS_PIPE_DIRECTORY, and share that folder with every container that uses it.</source>
        <translation>用同一个 CUDA_MPS_PIPE_DIRECTORY 启动守护进程（“nvidia-cuda-mps-control -d”），并把该文件夹共享给每个使用它的容器。</translation>
    </message>
    <message>
        <source>%1 holds an MPS control socket, but its daemon is not running: CUDA runs without MPS</source>
        <translation>%1 中有 MPS 控制套接字，但其守护进程没有运行：CUDA 会在没有 MPS 的情况下运行</translation>
    </message>
    <message>
        <source>Start the daemon again (nvidia-cuda-mps-control -d), or remove the folder&apos;s stale files.</source>
        <translation>重新启动守护进程（“nvidia-cuda-mps-control -d”），或删除该文件夹中过时的文件。</translation>
    </message>
    <message>
        <source>the compute mode is Exclusive_Process without MPS: a second process (an IPC peer, a worker) fails with cudaErrorDevicesUnavailable</source>
        <translation>计算模式为 Exclusive_Process 且没有 MPS：第二个进程（IPC 对端、工作进程）会以 cudaErrorDevicesUnavailable 失败</translation>
    </message>
    <message>
        <source>Run an MPS daemon, or ask an administrator for the Default compute mode (nvidia-smi -c DEFAULT).</source>
        <translation>运行 MPS 守护进程，或请管理员改为“Default”计算模式（“nvidia-smi -c DEFAULT”）。</translation>
    </message>
    <message>
        <source>an MPS daemon (process %1) serves %2</source>
        <translation>MPS 守护进程（进程 %1）在服务 %2</translation>
    </message>
    <message>
        <source>no MPS daemon: processes share the GPU by time slices</source>
        <translation>没有 MPS 守护进程：各进程按时间片共享 GPU</translation>
    </message>
    <message>
        <source>idle: %1 x%2, at most %3 x%4</source>
        <translation>空闲时：%1 x%2，最高 %3 x%4</translation>
    </message>
    <message>
        <source>while copying: %1 x%2, at most %3 x%4</source>
        <translation>拷贝时：%1 x%2，最高 %3 x%4</translation>
    </message>
    <message>
        <source>%1 copied from page-locked memory to the device in %2: %3</source>
        <translation>在 %2 内从锁页内存向设备拷贝了 %1：%3</translation>
    </message>
    <message>
        <source>%1 before the copies, %2 after</source>
        <translation>拷贝前 %1，拷贝后 %2</translation>
    </message>
    <message>
        <source>the link&apos;s state could not be read: neither sysfs nor NVML said it</source>
        <translation>无法读取链路状态：sysfs 和 NVML 都没有给出</translation>
    </message>
    <message>
        <source>%1 correctable and %2 uncorrectable errors more after the copies</source>
        <translation>拷贝后可纠正错误多了 %1 个，不可纠正错误多了 %2 个</translation>
    </message>
    <message>
        <source>no AER counters (the kernel or the device has no AER)</source>
        <translation>没有 AER 计数器（内核或设备不支持 AER）</translation>
    </message>
    <message>
        <source>Check the slot and the riser: reseat the card, use a slot wired for the full width, and look at the BIOS&apos;s PCIe setting (Auto, not Gen1/Gen3); a link that trains down after boot points at the cable or riser.</source>
        <translation>检查插槽和转接卡：重新插好显卡，使用接满全部通道的插槽，并查看 BIOS 的 PCIe 设置（Auto，而不是 Gen1/Gen3）；启动后才降速的链路多半是线缆或转接卡的问题。</translation>
    </message>
    <message>
        <source>%1 uncorrectable PCIe errors (AER) at %2 during the copies</source>
        <translation>拷贝期间 %2 处出现 %1 个不可纠正的 PCIe 错误（AER）</translation>
    </message>
    <message>
        <source>the link runs at %1 while copying, below its %2</source>
        <translation>拷贝时链路运行在 %1，低于它的 %2</translation>
    </message>
    <message>
        <source>the link replayed %1 packets during the copies: it is unreliable</source>
        <translation>拷贝期间链路重传了 %1 个数据包：它不可靠</translation>
    </message>
    <message>
        <source>the link corrected errors during the copies (%1 replays, %2 correctable AER errors): it works, below its best</source>
        <translation>拷贝期间链路纠正了错误（%1 次重传，%2 个可纠正的 AER 错误）：能用，但达不到最佳</translation>
    </message>
    <message>
        <source>%1, of which the copies reached %2</source>
        <translation>%1，拷贝达到其中的 %2</translation>
    </message>
    <message>
        <source>page-locked copies reached %1, %2 of the %3 that %4 carries</source>
        <translation>从锁页内存拷贝达到 %1，是 %4 所能承载的 %3 的 %2</translation>
    </message>
    <message>
        <source>Look at the NUMA check above, at other traffic on the link, and at the slot (a switch shared with other devices).</source>
        <translation>请看上面的 NUMA 检查、链路上的其他流量，以及插槽（是否与其他设备共用交换芯片）。</translation>
    </message>
    <message>
        <source>%1 under load, its most; copies reached %2 (%3 of the link)</source>
        <translation>负载下为 %1，即它的最高值；拷贝达到 %2（链路的 %3）</translation>
    </message>
    <message>
        <source>the idle link runs at %1, below its %2 (an idle link slows down); it was not read under load</source>
        <translation>空闲的链路运行在 %1，低于它的 %2（空闲的链路会降速）；没有在负载下读取</translation>
    </message>
    <message>
        <source>%1, its most (read idle; not measured under load)</source>
        <translation>%1，即它的最高值（空闲时读取；未在负载下测量）</translation>
    </message>
    <message>
        <source>one CUDA device is visible: there is no peer</source>
        <translation>只能看到一个 CUDA 设备：没有对端</translation>
    </message>
    <message>
        <source>An IOMMU or PCI ACS sends peer traffic through the CPU: boot with iommu=pt (or disable ACS in the BIOS), as NCCL&apos;s troubleshooting advises; meanwhile NCCL_P2P_DISABLE=1 avoids the peer path.</source>
        <translation>IOMMU 或 PCI ACS 会让点对点流量绕经 CPU：按 NCCL 故障排除文档的做法，用 iommu=pt 启动（或在 BIOS 中关闭 ACS）；在此之前，NCCL_P2P_DISABLE=1 可避开点对点路径。</translation>
    </message>
    <message>
        <source>a copy to %1 failed: %2</source>
        <translation>拷贝到 %1 失败：%2</translation>
    </message>
    <message>
        <source>%1 at %2; %3 bytes arrived wrong</source>
        <translation>%1，速度 %2；有 %3 个字节出错</translation>
    </message>
    <message>
        <source>a copy to %1 arrived with %2 wrong bytes: the peer path corrupts data</source>
        <translation>拷贝到 %1 的数据有 %2 个字节出错：点对点路径损坏了数据</translation>
    </message>
    <message>
        <source>an IOMMU translates the GPUs&apos; DMA (%1): peer copies may be slow, hang, or be refused</source>
        <translation>IOMMU 在转换 GPU 的 DMA（%1）：点对点拷贝可能很慢、卡住或被拒绝</translation>
    </message>
    <message>
        <source>no peer access to %1: copies between the GPUs go through host memory</source>
        <translation>无法对等访问 %1：GPU 之间的拷贝要经过主机内存</translation>
    </message>
    <message>
        <source>peer copies arrive whole, with peer access on</source>
        <translation>开启对等访问后，点对点拷贝完整到达</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有这个文件或文件夹</translation>
    </message>
    <message>
        <source>no space left on the device</source>
        <translation>设备上没有剩余空间</translation>
    </message>
    <message>
        <source>the disk quota is used up</source>
        <translation>磁盘配额已用完</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation>文件系统是只读的</translation>
    </message>
    <message>
        <source>the reader went away (broken pipe)</source>
        <translation>读取方已退出（管道已断开）</translation>
    </message>
    <message>
        <source>it names a folder</source>
        <translation>它指的是一个文件夹</translation>
    </message>
    <message>
        <source>a part of the path is not a folder</source>
        <translation>路径中有一部分不是文件夹</translation>
    </message>
    <message>
        <source>the name is too long</source>
        <translation>名字太长</translation>
    </message>
    <message>
        <source>an input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>standard output</source>
        <translation>标准输出</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>an output file needs a name</source>
        <translation>输出文件需要一个名字</translation>
    </message>
    <message>
        <source>it is closed</source>
        <translation>它已关闭</translation>
    </message>
    <message>
        <source>it names a folder; give a file name</source>
        <translation>它指的是一个文件夹；请给出文件名</translation>
    </message>
    <message>
        <source>it is not a file, a pipe or a character device</source>
        <translation>它不是文件、管道或字符设备</translation>
    </message>
    <message>
        <source>there is no directory &apos;%1&apos;</source>
        <translation>没有目录“%1”</translation>
    </message>
    <message>
        <source>the name is longer than the %1 bytes its file system allows</source>
        <translation>文件名超过了其文件系统允许的 %1 字节</translation>
    </message>
    <message>
        <source>it was not opened</source>
        <translation>它没有被打开</translation>
    </message>
    <message>
        <source>the NVIDIA UVM driver is not loaded here (no NVIDIA GPU, or no driver)</source>
        <translation>这里没有加载 NVIDIA UVM 驱动（没有 NVIDIA GPU，或没有安装驱动）</translation>
    </message>
    <message>
        <source>%1: cannot run it (%2)</source>
        <translation>%1：无法运行（%2）</translation>
    </message>
    <message>
        <source>the kernel would not hold the command at its first GPU call (seccomp: %1): each process is counted from when its descriptors are first seen, and what it migrated before that is missing</source>
        <translation>内核不能让命令停在第一次 GPU 调用处（seccomp：%1）：每个进程从它的描述符第一次被看到时开始计数，在此之前迁移的部分会缺失</translation>
    </message>
    <message>
        <source>--pid %1 is ShareScope itself; it cannot watch itself</source>
        <translation>--pid %1 是 ShareScope 自己；它不能观察自己</translation>
    </message>
    <message>
        <source>--pid %1: there is no such process</source>
        <translation>--pid %1：没有这个进程</translation>
    </message>
    <message>
        <source>--pid %1: nothing can be counted here: %2</source>
        <translation>--pid %1：这里无法计数：%2</translation>
    </message>
    <message>
        <source>cannot watch process %1: %2</source>
        <translation>无法观察进程 %1：%2</translation>
    </message>
    <message>
        <source>process %1 has no %2 open: it has not used CUDA yet (add --wait to wait until it does)</source>
        <translation>进程 %1 没有打开 %2：它还没有使用 CUDA（加上 --wait 可等到它使用）</translation>
    </message>
    <message>
        <source>process %1 ended before it used CUDA</source>
        <translation>进程 %1 在使用 CUDA 之前就结束了</translation>
    </message>
    <message>
        <source>the driver would not count it: %1</source>
        <translation>驱动不为它计数：%1</translation>
    </message>
    <message>
        <source>its migration records are not reported: %1</source>
        <translation>它的迁移记录未报告：%1</translation>
    </message>
    <message>
        <source>counted from %1 on, when its descriptors were seen; what it migrated before that is not counted</source>
        <translation>从 %1 起计数，即它的描述符被看到的时候；在此之前迁移的部分没有计入</translation>
    </message>
    <message>
        <source>it had been running for %1; what it migrated before that is not counted</source>
        <translation>它已经运行了 %1；在此之前迁移的部分没有计入</translation>
    </message>
    <message>
        <source>CUPTI would not report its calls (error %1): another tool, such as a profiler, may hold it</source>
        <translation>CUPTI 不报告它的调用（错误 %1）：可能有其他工具（例如性能分析工具）占用了它</translation>
    </message>
    <message>
        <source>give the command to watch after --, or --pid N</source>
        <translation>请在 -- 之后给出要观察的命令，或使用 --pid N</translation>
    </message>
    <message>
        <source>%1: command not found</source>
        <translation>%1：找不到命令</translation>
    </message>
    <message>
        <source>this build of ShareScope has no injection library (it needs the CUDA toolkit&apos;s CUPTI to build)</source>
        <translation>这个 ShareScope 构建没有注入库（构建它需要 CUDA 工具包中的 CUPTI）</translation>
    </message>
    <message>
        <source>CUPTI was found neither in a CUDA toolkit nor in python3&apos;s packages (pip install nvidia-cuda-cupti, or set SHARESCOPE_CUPTI to libcupti.so)</source>
        <translation>在 CUDA 工具包和 python3 的包中都没有找到 CUPTI（pip install nvidia-cuda-cupti，或把 SHARESCOPE_CUPTI 设为 libcupti.so 的路径）</translation>
    </message>
    <message>
        <source>another tool injects into CUDA here (CUDA_INJECTION64_PATH is set)</source>
        <translation>这里已有其他工具注入 CUDA（设置了 CUDA_INJECTION64_PATH）</translation>
    </message>
    <message>
        <source>a running process cannot take the library that reports its calls</source>
        <translation>正在运行的进程无法加载报告其调用的库</translation>
    </message>
    <message>
        <source>there is no watch to save yet</source>
        <translation>还没有可保存的观察</translation>
    </message>
</context>
<context>
    <name>Counters</name>
    <message>
        <source>host→device</source>
        <translation>主机→设备</translation>
    </message>
    <message>
        <source>device→host</source>
        <translation>设备→主机</translation>
    </message>
    <message>
        <source>CPU faults</source>
        <translation>CPU 缺页</translation>
    </message>
    <message>
        <source>GPU fault groups</source>
        <translation>GPU 缺页组</translation>
    </message>
    <message>
        <source>thrashing</source>
        <translation>抖动</translation>
    </message>
    <message>
        <source>throttling</source>
        <translation>节流</translation>
    </message>
    <message>
        <source>remote maps</source>
        <translation>远程映射</translation>
    </message>
    <message>
        <source>device→device</source>
        <translation>设备→设备</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>GPU faults</source>
        <translation>GPU 缺页</translation>
    </message>
    <message>
        <source>recorded host→device</source>
        <translation>记录的主机→设备</translation>
    </message>
    <message>
        <source>recorded device→host</source>
        <translation>记录的设备→主机</translation>
    </message>
</context>
<context>
    <name>Demos</name>
    <message>
        <source>Copies vs zero-copy</source>
        <translation>拷贝与零拷贝</translation>
    </message>
    <message>
        <source>Why prefetch matters</source>
        <translation>预取为何重要</translation>
    </message>
    <message>
        <source>Pages move whole (stride)</source>
        <translation>页面整页迁移（stride）</translation>
    </message>
    <message>
        <source>Ping-pong and thrashing</source>
        <translation>乒乓访问与抖动</translation>
    </message>
    <message>
        <source>Sharing with another process</source>
        <translation>与另一个进程共享</translation>
    </message>
    <message>
        <source>What profilers miss</source>
        <translation>性能分析器漏掉了什么</translation>
    </message>
    <message>
        <source>Two GPUs: copies, peer access and managed pages</source>
        <translation>两块 GPU：拷贝、对等访问与托管页面</translation>
    </message>
    <message>
        <source>What discarding managed memory costs</source>
        <translation>丢弃托管内存的代价</translation>
    </message>
    <message>
        <source>runs on any device (CUDA or OpenCL)</source>
        <translation>可在任何设备上运行（CUDA 或 OpenCL）</translation>
    </message>
    <message>
        <source>needs CUDA</source>
        <translation>需要 CUDA</translation>
    </message>
    <message>
        <source>needs CUDA; its discard modes need CUDA 13.0</source>
        <translation>需要 CUDA；其中的丢弃模式需要 CUDA 13.0</translation>
    </message>
    <message>
        <source>needs two CUDA GPUs</source>
        <translation>需要两块 CUDA GPU</translation>
    </message>
    <message>
        <source>Who touches first: the four page-fault experiments</source>
        <translation>谁先访问：四个缺页实验</translation>
    </message>
    <message>
        <source>When pinning pays: what page-locking costs against the copies it speeds up</source>
        <translation>锁页何时划算：锁页的代价与它加速的拷贝</translation>
    </message>
    <message>
        <source>Threads share one GPU: the legacy stream against per-thread streams</source>
        <translation>多个线程共享一块 GPU：legacy 流对比 per-thread 流</translation>
    </message>
    <message>
        <source>runs on any device; what it shows needs CUDA (elsewhere: its H200 run, shipped)</source>
        <translation>任何设备都可运行；它要展示的内容需要 CUDA（没有 CUDA 时：附带的 H200 运行结果）</translation>
    </message>
</context>
<context>
    <name>DoctorText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no CUDA device</source>
        <translation>没有 CUDA 设备</translation>
    </message>
    <message>
        <source>Machine check · %1 · %2 · %3 · %4 s</source>
        <translation>本机检查 · %1 · %2 · %3 · %4 秒</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%2 %1 项</translation>
    </message>
    <message>
        <source>%1 checks: %2</source>
        <translation>%1 项检查：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Plan: %1 workers, %2 batches in flight each, %3 a batch (--workers, --batch)</source>
        <translation>计划：%1 个工作进程，每个 %2 个在途批次，每批 %3（--workers、--batch）</translation>
    </message>
    <message>
        <source>what to do: </source>
        <translation>怎么办：</translation>
    </message>
    <message>
        <source>more: %1</source>
        <translation>详见：%1</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <source>One managed-memory run, every migration counted</source>
        <translation>一次托管内存运行，每次迁移都计数</translation>
    </message>
    <message>
        <source>Every mode of one GPU side by side</source>
        <translation>一块 GPU 上的所有模式并排比较</translation>
    </message>
    <message>
        <source>Bandwidth against size</source>
        <translation>带宽与大小的关系</translation>
    </message>
    <message>
        <source>Demo: copies vs zero-copy</source>
        <translation>演示：拷贝与零拷贝</translation>
    </message>
    <message>
        <source>Demo: why prefetch matters</source>
        <translation>演示：为什么预取很重要</translation>
    </message>
    <message>
        <source>Demo: pages move whole</source>
        <translation>演示：页面整体迁移</translation>
    </message>
    <message>
        <source>Demo: ping-pong and thrashing</source>
        <translation>演示：乒乓访问与抖动</translation>
    </message>
    <message>
        <source>Demo: sharing with another process</source>
        <translation>演示：与另一个进程共享</translation>
    </message>
    <message>
        <source>Demo: what profilers miss</source>
        <translation>演示：性能分析器遗漏了什么</translation>
    </message>
    <message>
        <source>Demo: what discarding managed memory costs</source>
        <translation>演示：丢弃托管内存的代价</translation>
    </message>
    <message>
        <source>Measured elsewhere, not on this machine.</source>
        <translation>在别处测得，并非本机。</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>runtime %1</source>
        <translation>运行时 %1</translation>
    </message>
    <message>
        <source>Measured on %1 on %2 with `%3`, not on this machine.</source>
        <translation>于 %2 在 %1 上用 `%3` 测得，并非本机。</translation>
    </message>
    <message>
        <source>Demo: who touches first (the four page-fault experiments)</source>
        <translation>演示：谁先访问（四个缺页实验）</translation>
    </message>
    <message>
        <source>Demo: when pinning pays</source>
        <translation>演示：锁页何时划算</translation>
    </message>
    <message>
        <source>Demo: threads share one GPU (the legacy stream against per-thread streams)</source>
        <translation>演示：多个线程共享一块 GPU（legacy 流对比 per-thread 流）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>Between a GPU and its driver&apos;s versions: in Chinese with full-width brackets, %1（%2）.</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>ExplainText</name>
    <message>
        <source>Every sharing mode has a page, with examples in C++ and Python; reading them needs no device.
</source>
        <translation>每种共享模式都有一页讲解，附 C++ 和 Python 示例；阅读无需设备。
</translation>
    </message>
    <message>
        <source>%1 modes</source>
        <translation>%1 模式</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>Read one with: sharescope explain MODE [--lang zh_CN] [--example NAME]</source>
        <translation>阅读其中一页：sharescope explain MODE [--lang zh_CN] [--example NAME]</translation>
    </message>
    <message>
        <source>Examples (print one with: sharescope explain %1 --example NAME):</source>
        <translation>示例（打印其中一个：sharescope explain %1 --example NAME）：</translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <source>C++ (CUDA runtime)</source>
        <translation>C++（CUDA 运行时）</translation>
    </message>
    <message>
        <source>C++ (OpenCL)</source>
        <translation>C++（OpenCL）</translation>
    </message>
    <message>
        <source>TensorFlow (TF1 style)</source>
        <translation>TensorFlow（TF1 风格）</translation>
    </message>
    <message>
        <source>Python (standard library)</source>
        <translation>Python（标准库）</translation>
    </message>
</context>
<context>
    <name>GettingStarted</name>
    <message>
        <source>ShareScope&apos;s lessons form a path: each asks what you expect, runs a comparison on this machine, then explains it with the numbers it measured.</source>
        <translation>ShareScope 的课程连成一条学习路径：每一课先问你的预期，再在本机上运行一次比较，然后用测得的数字讲解。</translation>
    </message>
    <message>
        <source>Demos ▸ Next lesson (Ctrl+L) starts the first lesson not seen yet. A lesson this machine cannot run shows its run on an NVIDIA H200, shipped with ShareScope and labelled as such.</source>
        <translation>“演示 → 下一课”（Ctrl+L）会开始第一节还没看过的课。本机无法运行的课程会展示随 ShareScope 附带的 NVIDIA H200 运行结果，并注明出处。</translation>
    </message>
    <message>
        <source>To try a mode of your own, choose a device, a mode and a size in the Experiment panel and press Run (Ctrl+R); the Explain tab says what the mode does in memory, with code to try it.</source>
        <translation>想自己试一种模式：在“实验”面板中选择设备、模式和大小，然后按“运行”（Ctrl+R）；“讲解”标签页会说明该模式在内存中做了什么，并附可试的代码。</translation>
    </message>
</context>
<context>
    <name>HostThreadsText</name>
    <message>
        <source>one host thread besides the run&apos;s own, on its per-thread default stream</source>
        <translation>除运行自身线程之外的一个主机线程，使用它的 per-thread 默认流</translation>
    </message>
    <message>
        <source>%1 host threads, a slice of every buffer each, with an OpenCL command queue each</source>
        <translation>%1 个主机线程，每个负责每个缓冲区的一段，各有一个 OpenCL 命令队列</translation>
    </message>
    <message>
        <source>%1 host threads, a slice of every buffer each, each on its own per-thread default stream</source>
        <translation>%1 个主机线程，每个负责每个缓冲区的一段，各用自己的 per-thread 默认流</translation>
    </message>
    <message>
        <source>%1 host threads, a slice of every buffer each, on the legacy default stream, which they share</source>
        <translation>%1 个主机线程，每个负责每个缓冲区的一段，共用 legacy 默认流</translation>
    </message>
</context>
<context>
    <name>IpcExport</name>
    <message>
        <source>checksum %1 · first elements %2</source>
        <translation>校验和 %1 · 前几个元素 %2</translation>
    </message>
    <message>
        <source>Exported %1 of float32 (%2 elements) on %3 (%4) from process %5.
</source>
        <translation>已在 %3（%4）上从进程 %5 导出 %1 的 float32 数据（%2 个元素）。
</translation>
    </message>
    <message>
        <source>handle   %1
</source>
        <translation>句柄     %1
</translation>
    </message>
    <message>
        <source>before   %1

</source>
        <translation>之前     %1

</translation>
    </message>
    <message>
        <source>Open it from another process on this machine, with CuPy for example:

</source>
        <translation>可在本机的另一个进程中打开它，例如使用 CuPy：

</translation>
    </message>
    <message>
        <source>Press Enter when done (or Ctrl+C); ShareScope then reads the buffer again.
</source>
        <translation>完成后按 Enter（或 Ctrl+C）；ShareScope 随后会再次读取该缓冲区。
</translation>
    </message>
    <message>
        <source>Send SIGINT or SIGTERM (kill %1) when done; ShareScope then reads the buffer again.
</source>
        <translation>完成后发送 SIGINT 或 SIGTERM（kill %1）；ShareScope 随后会再次读取该缓冲区。
</translation>
    </message>
    <message>
        <source>after    %1
</source>
        <translation>之后     %1
</translation>
    </message>
    <message>
        <source>changed  %1 of %2 elements no longer hold what ShareScope wrote
</source>
        <translation>已改变   %2 个元素中有 %1 个已不是 ShareScope 写入的值
</translation>
    </message>
    <message>
        <source>warning: %1
</source>
        <translation>警告：%1
</translation>
    </message>
    <message>
        <source>gave the descriptor to process %1
</source>
        <translation>已把文件描述符交给进程 %1
</translation>
    </message>
    <message>
        <source>gave the descriptor to a process
</source>
        <translation>已把文件描述符交给一个进程
</translation>
    </message>
    <message>
        <source>memory   cuMemCreate, %1 mapped in whole granules, shared as a file descriptor
</source>
        <translation>内存     cuMemCreate，按整粒度映射 %1，以文件描述符共享
</translation>
    </message>
    <message>
        <source>memory   cudaMallocFromPoolAsync from an exportable pool, shared as the pool&apos;s file descriptor
</source>
        <translation>内存     从可导出的内存池 cudaMallocFromPoolAsync 分配，以内存池的文件描述符共享
</translation>
    </message>
    <message>
        <source>export   %1 (the pointer&apos;s export data)
</source>
        <translation>导出数据 %1（该指针的导出数据）
</translation>
    </message>
    <message>
        <source>socket   %1 (each process that connects receives the descriptor; only your user may connect)
</source>
        <translation>套接字   %1（每个连接上来的进程都会收到文件描述符；只有你的用户可以连接）
</translation>
    </message>
    <message>
        <source>Open it from another process on this machine, with CuPy and the CUDA driver through ctypes:

</source>
        <translation>可在本机的另一个进程中打开它，使用 CuPy 并通过 ctypes 调用 CUDA 驱动：

</translation>
    </message>
</context>
<context>
    <name>Lessons</name>
    <message>
        <source>at least %1</source>
        <translation>至少 %1</translation>
    </message>
    <message>
        <source>%1 did not run here: %2.</source>
        <translation>%1 未在此运行：%2。</translation>
    </message>
    <message>
        <source>Unified-memory counters were off for this comparison, so page migrations are not shown; run it again with counters on to see them.</source>
        <translation>本次比较关闭了统一内存计数器，因此不显示页面迁移；打开计数器再运行一次即可看到。</translation>
    </message>
    <message>
        <source>With copies (%1), every iteration copied %2 explicitly: %3 to the device in %4 and %5 back in %6. The kernel then worked on device memory: %7 at %8.</source>
        <translation>使用拷贝（%1）时，每次迭代显式拷贝 %2：用 %4 将 %3 拷贝到设备，再用 %6 将 %5 拷贝回来。随后内核在设备内存上运行：用时 %7，带宽 %8。</translation>
    </message>
    <message>
        <source>%1 copies the same bytes from page-locked memory, which the GPU reads without a staging buffer: to-device at %2, against %3 from ordinary (pageable) memory.</source>
        <translation>%1 从锁页内存拷贝同样多的字节，GPU 读取它无需经过暂存缓冲区：to-device 带宽为 %2，而从普通（可分页）内存拷贝为 %3。</translation>
    </message>
    <message>
        <source>With %1 nothing was copied (%2 explicitly). Instead the kernel reached host memory across the bus on every access: %3 at %4.</source>
        <translation>使用 %1 时没有拷贝任何数据（显式拷贝 %2），而是由内核在每次访问时跨总线读写主机内存：用时 %3，带宽 %4。</translation>
    </message>
    <message>
        <source>With %1, %2 was copied explicitly, and the kernel reached host memory across the bus: %3 at %4.</source>
        <translation>使用 %1 时显式拷贝了 %2，内核跨总线访问主机内存：用时 %3，带宽 %4。</translation>
    </message>
    <message>
        <source>On %1, %2 was zero-copy: mapping each buffer returned the host array itself, so %3 was copied and the kernel worked on the host&apos;s memory in place: %4 at %5.</source>
        <translation>在 %1 上，%2 是零拷贝：映射每个缓冲区返回的就是主机数组本身，因此拷贝量为 %3，内核直接原地处理主机内存：用时 %4，带宽 %5。</translation>
    </message>
    <message>
        <source>On %1, %2 was not zero-copy: the driver kept its own copy of the host arrays, and %3 was copied in each iteration. Whether USE_HOST_PTR shares memory depends on the device.</source>
        <translation>在 %1 上，%2 不是零拷贝：驱动为主机数组另存了一份副本，每次迭代都拷贝 %3。USE_HOST_PTR 是否共享内存取决于设备。</translation>
    </message>
    <message>
        <source>%1 let the driver allocate memory that the host maps: %2 was copied per iteration, and the kernel took %3 at %4.</source>
        <translation>%1 让驱动分配由主机映射的内存：每次迭代拷贝 %2，内核用时 %3，带宽 %4。</translation>
    </message>
    <message>
        <source>A whole iteration took %1 with copies and %2 without: here, for a kernel that touches each byte once, not copying wins by %3.</source>
        <translation>一次完整迭代在拷贝时用时 %1，不拷贝时用时 %2：在这里，对于每个字节只访问一次的内核，不拷贝胜出，快 %3。</translation>
    </message>
    <message>
        <source>A whole iteration took %1 with copies and %2 without: here copying first wins by %3, because the kernel on device memory is so much faster than across the bus.</source>
        <translation>一次完整迭代在拷贝时用时 %1，不拷贝时用时 %2：在这里先拷贝胜出，快 %3，因为内核访问设备内存比跨总线访问快得多。</translation>
    </message>
    <message>
        <source>With %1, cudaMemPrefetchAsync moved %2 to the GPU in the to-device phase, in %3 (%4). During the kernel %5 migrated, and it took %6.</source>
        <translation>使用 %1 时，cudaMemPrefetchAsync 在 to-device 阶段将 %2 迁移到 GPU，用时 %3（%4）。内核期间迁移了 %5，内核用时 %6。</translation>
    </message>
    <message>
        <source>The stride kernel touched one element every %1: %2 elements, %3 of each %4 buffer.</source>
        <translation>stride 内核每隔 %1 访问一个元素：共 %2 个元素，在每个 %4 的缓冲区中访问了 %3。</translation>
    </message>
    <message>
        <source>In %1 mode %2 migrated host to device during the kernel, %3 the bytes it touched: the driver moves whole pages (4 KiB to 2 MiB), never single elements.</source>
        <translation>在 %1 模式下，内核期间从主机迁移到设备 %2，是其所访问字节数的 %3：驱动以整页（4 KiB 到 2 MiB）为单位迁移，从不迁移单个元素。</translation>
    </message>
    <message>
        <source>Reading the results back on the CPU then migrated %1 device to host, in %2.</source>
        <translation>随后在 CPU 上读回结果时，从设备迁移到主机 %1，用时 %2。</translation>
    </message>
    <message>
        <source>%1 moved no pages (%2 migrated): the kernel read only what it touched, across the bus, in %3.</source>
        <translation>%1 没有迁移任何页面（迁移量 %2）：内核只跨总线读取它访问的数据，用时 %3。</translation>
    </message>
    <message>
        <source>%1: %2 migrated; the kernel read what it touched across the bus, in %3.</source>
        <translation>%1：迁移了 %2；内核跨总线读取它访问的数据，用时 %3。</translation>
    </message>
    <message>
        <source>%1 copied whole buffers, %2 per iteration, for the %3 the kernel touched.</source>
        <translation>%1 为内核访问的 %3 拷贝了整个缓冲区，每次迭代 %2。</translation>
    </message>
    <message>
        <source>%1 copied %2 per iteration.</source>
        <translation>%1 每次迭代拷贝 %2。</translation>
    </message>
    <message>
        <source>In each of %1 rounds a kernel added 1 to every element of a %2 buffer, then the CPU did. The kernel phase holds all the rounds.</source>
        <translation>共 %1 轮，每一轮先由内核给 %2 缓冲区的每个元素加 1，再由 CPU 加 1。内核阶段包含所有轮次。</translation>
    </message>
    <message>
        <source>With the advice %1 the pages stayed on the host and the GPU reached them across the bus: %2 migrated, %3 remote maps, and the kernel phase took %4.</source>
        <translation>使用建议 %1 时，页面留在主机上，GPU 跨总线访问它们：迁移了 %2，远程映射 %3 次，内核阶段用时 %4。</translation>
    </message>
    <message>
        <source>With the advice %1, %2 migrated during the kernel phase, with %3 remote maps; it took %4.</source>
        <translation>使用建议 %1 时，内核阶段迁移了 %2，远程映射 %3 次；用时 %4。</translation>
    </message>
    <message>
        <source>%1 shares one copy of the data: the kernel phase copied %2 and took %3.</source>
        <translation>%1 共享同一份数据：内核阶段拷贝了 %2，用时 %3。</translation>
    </message>
    <message>
        <source>%1 copied the buffer both ways in every round: %2 during the kernel phase, which took %3.</source>
        <translation>%1 在每一轮都双向拷贝缓冲区：内核阶段拷贝了 %2，用时 %3。</translation>
    </message>
    <message>
        <source>Fastest here for this back-and-forth: %1 (%2).</source>
        <translation>在这种来回往返中最快的是：%1（%2）。</translation>
    </message>
    <message>
        <source>The driver dropped some migration records in this comparison (it does under heavy faulting), so the migrations and faults quoted as &quot;at least&quot; are lower bounds; a smaller --size gives complete counts.</source>
        <translation>驱动在这次比较中丢弃了部分迁移记录（缺页频繁时会这样），因此标为“至少”的迁移量和缺页数都是下限；用更小的 --size 可以得到完整的计数。</translation>
    </message>
    <message>
        <source>A whole iteration took %1 without prefetch and %2 with it: prefetching made it %3 faster. Moving pages one fault at a time costs more than one bulk transfer the driver can plan.</source>
        <translation>一次完整迭代不预取时用时 %1，预取时用时 %2：预取使它快了 %3。逐次缺页地迁移页面，比驱动可以统筹安排的一次批量传输代价更高。</translation>
    </message>
    <message>
        <source>A whole iteration took %1 without prefetch and %2 with it: here prefetching made it %3 slower.</source>
        <translation>一次完整迭代不预取时用时 %1，预取时用时 %2：在这里，预取反而使它慢了 %3。</translation>
    </message>
    <message>
        <source>Without prefetch (%1), %2 migrated host to device during the kernel, which took %3.</source>
        <translation>不预取时（%1），内核期间从主机迁移到设备 %2，内核用时 %3。</translation>
    </message>
    <message>
        <source>In %1 mode %2 migrated host to device during the kernel, for the %3 it touched.</source>
        <translation>在 %1 模式下，内核期间从主机迁移到设备 %2，而内核访问的是 %3。</translation>
    </message>
    <message>
        <source>%1 was not zero-copy on this device: the kernel phase copied %2 and took %3.</source>
        <translation>%1 在此设备上不是零拷贝：内核阶段拷贝了 %2，用时 %3。</translation>
    </message>
    <message>
        <source>Without prefetch (%1), the kernel took %2; the migrations during it were not reported.</source>
        <translation>不预取时（%1），内核用时 %2；内核期间的迁移未报告。</translation>
    </message>
    <message>
        <source>At %1 per buffer the kernel phase moved %2 host to device, as the UVM driver itself counted it; CUPTI&apos;s migration records account for %3 of it (%4%).</source>
        <translation>每个缓冲区 %1 时，按 UVM 驱动自身的计数，内核阶段从主机迁移到设备 %2；CUPTI 的迁移记录记下了其中的 %3（%4%）。</translation>
    </message>
    <message>
        <source>At %1 per buffer CUPTI&apos;s records show %2 host to device in the kernel phase; the driver&apos;s own counters were not reported here (%3), so nothing says how much is missing.</source>
        <translation>每个缓冲区 %1 时，CUPTI 的记录显示内核阶段从主机迁移到设备 %2；此处驱动自身的计数器未报告（%3），所以无从知道漏掉了多少。</translation>
    </message>
    <message>
        <source>At %1 per buffer the migrations were not reported.</source>
        <translation>每个缓冲区 %1 时，迁移未报告。</translation>
    </message>
    <message>
        <source>With the counters on, an iteration took %1 against %2 without them (%3 the time): the timings elsewhere come from the run without them.</source>
        <translation>开启计数器时，一次迭代用时 %1，不开启时为 %2（是后者的 %3）：其他地方的时间都来自不开计数器的那次运行。</translation>
    </message>
    <message>
        <source>The more pages fault at once, the more records CUPTI loses, without saying so: a profiler built on them (Nsight Systems&apos; unified-memory trace among them) shows a part of the traffic as if it were all of it.</source>
        <translation>同时缺页的页面越多，CUPTI 丢失的记录就越多，而且不会告诉你：建立在这些记录之上的性能分析器（包括 Nsight Systems 的统一内存跟踪）会把一部分流量当作全部展示出来。</translation>
    </message>
    <message>
        <source>%1 faster</source>
        <translation>快 %1</translation>
    </message>
    <message>
        <source>%1 slower</source>
        <translation>慢 %1</translation>
    </message>
    <message>
        <source>Without peer access (%1, %2), cudaMemcpyPeerAsync copied %3 to the peer in %4 (%5): the driver staged every byte through host memory, across the bus twice.</source>
        <translation>不开启对等访问时（%1，%2），cudaMemcpyPeerAsync 用 %4（%5）把 %3 拷贝到对等 GPU：驱动让每个字节都经由主机内存中转，两次穿过总线。</translation>
    </message>
    <message>
        <source>With peer access enabled first (cudaDeviceEnablePeerAccess, both ways), the same %1 went straight from one GPU&apos;s memory to the other&apos;s in %2 (%3).</source>
        <translation>先在两个方向上开启对等访问（cudaDeviceEnablePeerAccess）后，同样的 %1 用 %2（%3）直接从一块 GPU 的内存传到另一块的内存。</translation>
    </message>
    <message>
        <source>One call made the copy %1; a whole iteration took %2 without peer access and %3 with it.</source>
        <translation>一次调用让拷贝%1；整个迭代不开启对等访问时用时 %2，开启后用时 %3。</translation>
    </message>
    <message>
        <source>With %1 nothing was copied between the GPUs (%2): the peer&apos;s kernel read and wrote %3&apos;s memory in place, every access crossing the link, in %4 (%5).</source>
        <translation>使用 %1 时 GPU 之间没有任何拷贝（%2）：对等 GPU 的内核原地读写 %3 的内存，每次访问都穿过互连，用时 %4（%5）。</translation>
    </message>
    <message>
        <source>The same kernel on the peer&apos;s own memory, after the copies, took %1; reaching across the link it was %2 (a whole iteration took %3 with the copies, %4 without them).</source>
        <translation>同一个内核在拷贝之后处理对等 GPU 自己的内存，用时 %1；跨越互连访问时它%2（整个迭代带拷贝用时 %3，不带拷贝用时 %4）。</translation>
    </message>
    <message>
        <source>%1 prefetched them instead: %2 to the peer in %3 (%4) before the kernel, which then took %5, and back in %6.</source>
        <translation>%1 则改为预取：在内核之前用 %3（%4）把 %2 迁移到对等 GPU，随后内核用时 %5，再用 %6 迁回。</translation>
    </message>
    <message>
        <source>Device-to-device bytes come only from CUPTI&apos;s records: the UVM driver&apos;s exact counters count no copies between GPUs, and CUPTI loses records when many pages fault at once.</source>
        <translation>设备之间的字节数只来自 CUPTI 的记录：UVM 驱动的精确计数器不统计 GPU 之间的拷贝，而且大量页面同时缺页时 CUPTI 会丢失记录。</translation>
    </message>
    <message>
        <source>Fastest whole iteration here: %1 (%2).</source>
        <translation>这里整个迭代最快的是：%1（%2）。</translation>
    </message>
    <message>
        <source>In %1, %2 took %3 and %4 took %5; the migrations and faults were not reported.</source>
        <translation>在 %1 中，%2 用时 %3，%4 用时 %5；迁移和缺页未报告。</translation>
    </message>
    <message>
        <source>In %1, %2 migrated %3 where %4 migrated %5, but %6 faulted %7 times instead of %8, and the phase took %9 instead of %10.</source>
        <translation>在 %1 中，%2 迁移了 %3，而 %4 迁移了 %5；但 %6 缺页 %7 次而不是 %8 次，该阶段用时 %9 而不是 %10。</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>That is about one fault for every 4 KiB page the CPU wrote (%1 pages): after a discard each page is mapped again on its own first write, where without discard one fault brought in a whole block.</source>
        <translation>这大约是 CPU 写入的每个 4 KiB 页面缺页一次（%1 个页面）：丢弃之后，每个页面在自己的首次写入时单独重新映射，而不丢弃时一次缺页就能调入一整块。</translation>
    </message>
    <message>
        <source>A whole iteration took %1 with %2 against %3 with %4: %5 slower.</source>
        <translation>一次完整迭代用 %2 耗时 %1，用 %4 耗时 %3：慢了 %5。</translation>
    </message>
    <message>
        <source>A whole iteration took %1 with %2 against %3 with %4: %5 faster.</source>
        <translation>一次完整迭代用 %2 耗时 %1，用 %4 耗时 %3：快了 %5。</translation>
    </message>
    <message>
        <source>%1 discards and places the pages in one call before each writer: %2 faults in an iteration (%3 with %4), which took %5 against %6.</source>
        <translation>%1 在每个写入者之前用一次调用丢弃并放置页面：一次迭代缺页 %2 次（%4 为 %3 次），用时 %5，对比 %6。</translation>
    </message>
    <message>
        <source>Without prefetch (%1), the kernel started while its data was still on the host, where the CPU had written it. The GPU faulted (%2) and %3 migrated host to device while the kernel ran; the kernel took %4.</source>
        <translation>不预取时（%1），内核启动时数据仍在主机上，即 CPU 写入它的地方。GPU 发生缺页（%2），内核运行期间从主机迁移到设备 %3；内核用时 %4。</translation>
    </message>
    <message>
        <source>In %1 mode the pages bounced between the two: %2 migrated during the kernel phase (%3 the buffer). CPU page faults: %4; %5; thrashing events: %6. The kernel phase took %7.</source>
        <translation>在 %1 模式下，页面在两者之间来回迁移：内核阶段迁移了 %2（为缓冲区大小的 %3）。CPU 缺页：%4；%5；抖动事件：%6。内核阶段用时 %7。</translation>
    </message>
    <message>
        <source>GPU page faults: %1</source>
        <translation>GPU 缺页：%1</translation>
    </message>
    <message>
        <source>GPU fault groups: %1</source>
        <translation>GPU 缺页组：%1</translation>
    </message>
    <message>
        <source>%1: a second process (pid %2) received %3, opened them in %4 and ran the kernel on this process&apos;s buffers; setting up, with the peer&apos;s start, took %5. The kernel phase copied %6, because both processes reach the same device memory.</source>
        <translation>%1：第二个进程（pid %2）收到%3，用 %4 打开它们，并在本进程的缓冲区上运行内核；准备工作（含对端进程启动）耗时 %5。内核阶段拷贝了 %6，因为两个进程访问的是同一块设备内存。</translation>
    </message>
    <message>
        <source>cudaIpcGetMemHandle shares only memory from cudaMalloc. Memory from cuMemCreate (PyTorch&apos;s expandable segments) goes as a file descriptor (%1), a stream-ordered pool as the pool&apos;s descriptor (%2); once shared, the kernel runs alike. In Python, CuPy and PyTorch open legacy handles (see the Explain tab of %3).</source>
        <translation>cudaIpcGetMemHandle 只能共享 cudaMalloc 分配的内存。cuMemCreate 分配的内存（PyTorch 的可扩展段）以文件描述符传递（%1），流序分配的内存池以内存池的描述符传递（%2）；共享之后，内核运行速度相同。在 Python 中，CuPy 和 PyTorch 打开的是旧式句柄（见 %3 的“讲解”页）。</translation>
    </message>
    <message>
        <source>a file descriptor per buffer over a Unix socket</source>
        <extracomment>file descriptors: 文件描述符</extracomment>
        <translation>经 Unix 域套接字传来的每个缓冲区一个文件描述符</translation>
    </message>
    <message>
        <source>the pool&apos;s file descriptor and each buffer&apos;s export data</source>
        <extracomment>a memory pool&apos;s (内存池) file descriptor, and each buffer&apos;s export data</extracomment>
        <translation>内存池的文件描述符和每个缓冲区的导出数据</translation>
    </message>
    <message>
        <source>a memory handle per buffer and an event handle</source>
        <translation>每个缓冲区一个内存句柄和一个事件句柄</translation>
    </message>
    <message>
        <source>The kernel ran for %1 on the GPU for the other process and %2 for this one (%3). Seen from this process the phase took %4: the rest is asking the peer to run and hearing it has.</source>
        <translation>内核在 GPU 上为另一个进程运行了 %1，为本进程运行了 %2（%3）。从本进程看，这一阶段耗时 %4：其余时间用于请求对端进程运行并等待它的回复。</translation>
    </message>
    <message>
        <source>Step by step: exporting took %1 in this process, the socket carried the request in %2, the peer imported in %3 and mapped in %4.</source>
        <translation>逐步来看：本进程导出用了 %1，套接字传递请求用了 %2，对端进程导入用了 %3，映射用了 %4。</translation>
    </message>
    <message>
        <source>Step by step: exporting took %1 in this process, the socket carried the request in %2, and the peer imported and mapped in one call, in %3.</source>
        <translation>逐步来看：本进程导出用了 %1，套接字传递请求用了 %2，对端进程在一次调用中完成导入和映射，用了 %3。</translation>
    </message>
    <message>
        <source>That was the last demo of the lesson path. %1 lists what every mode does in memory, with code to try it.</source>
        <translation>这是学习路径的最后一个演示。%1 列出每种模式在内存中做了什么，并附有可以动手尝试的代码。</translation>
    </message>
    <message>
        <source>Next on the lesson path: %1 (in the Demos menu, or %2).</source>
        <translation>学习路径的下一课：%1（在“演示”菜单中，或 %2）。</translation>
    </message>
    <message>
        <source>%1 fault groups</source>
        <translation>%1 个缺页组</translation>
    </message>
    <message>
        <source>%1 to the GPU, %2 back, CPU page faults: %3, GPU page faults: %4</source>
        <translation>迁移到 GPU %1，迁回 %2，CPU 缺页：%3，GPU 缺页：%4</translation>
    </message>
    <message>
        <source>Four managed buffers of %1, one for each of the CUDA course&apos;s page-fault experiments: %2 is written by the CPU and then read by the GPU, %3 written by the GPU and then read by the CPU, %4 touched by the GPU only, %5 by the CPU only. Before the first iteration no page of them exists anywhere.</source>
        <translation>四个各 %1 的托管缓冲区，对应 CUDA 课程的四个缺页实验：%2 由 CPU 写入、再由 GPU 读取，%3 由 GPU 写入、再由 CPU 读取，%4 只有 GPU 访问，%5 只有 CPU 访问。第一次迭代之前，它们的页面在任何地方都还不存在。</translation>
    </message>
    <message>
        <source>The first iteration (the warm-up), where every page is touched for the first time:</source>
        <translation>第一次迭代（预热）中，每一页都是第一次被访问：</translation>
    </message>
    <message>
        <source>The first iteration, where every page is touched for the first time:</source>
        <translation>第一次迭代中，每一页都是第一次被访问：</translation>
    </message>
    <message>
        <source>%1: the CPU wrote %2 and %3. %4.</source>
        <translation>%1：CPU 写入了 %2 和 %3。%4。</translation>
    </message>
    <message>
        <source>A first touch makes the page where it happens: nothing had to move.</source>
        <translation>第一次访问在发生的地方创建页面：没有任何数据需要迁移。</translation>
    </message>
    <message>
        <source>%1: the GPU read %2, whose pages the CPU had made, and wrote %3 and %4, which nobody had touched. %5.</source>
        <translation>%1：GPU 读取了 %2（它的页面由 CPU 创建），并写入了 %3 和 %4（此前无人访问过）。%5。</translation>
    </message>
    <message>
        <source>What came over is %1 alone (%2); the two buffers the GPU touched first were made on the GPU, moving nothing.</source>
        <translation>迁移过来的只有 %1（%2）；GPU 先访问的两个缓冲区直接在 GPU 上创建，没有迁移任何数据。</translation>
    </message>
    <message>
        <source>%1: the CPU read %2, made on the GPU, and %3, which never left the host. %4.</source>
        <translation>%1：CPU 读取了在 GPU 上创建的 %2，以及从未离开主机的 %3。%4。</translation>
    </message>
    <message>
        <source>What went back is %1 alone (%2).</source>
        <translation>迁回主机的只有 %1（%2）。</translation>
    </message>
    <message>
        <source>In the %1 iterations after it (medians): %2 %3; %4 %5; %6 %7.</source>
        <translation>之后的 %1 次迭代（中位数）：%2 %3；%4 %5；%6 %7。</translation>
    </message>
    <message>
        <source>Only the two buffers both sides touch keep moving: %1 back to the host to be written again, then %1 and %2 to the GPU, then %2 back.</source>
        <translation>只有两边都访问的两个缓冲区还在来回迁移：%1 迁回主机以便再次写入，然后 %1 和 %2 迁移到 GPU，最后 %2 迁回。</translation>
    </message>
    <message>
        <source>The page map after every phase shows the other two where they were first touched: no page of %1 on the host, every page of %2 there.</source>
        <translation>每个阶段之后的驻留图都显示另外两个缓冲区留在第一次被访问的地方：%1 没有任何页面在主机上，%2 的每一页都在主机上。</translation>
    </message>
    <message>
        <source>So: memory only the GPU touches never crosses the bus, nor does memory only the CPU touches; what one side writes and the other reads crosses at every hand-over, on demand, page by page. Prefetching (a later lesson) moves the same bytes without the faults.</source>
        <translation>结论：只有 GPU 访问的内存从不经过总线，只有 CPU 访问的内存也一样；一方写入、另一方读取的数据每换一方访问都要经过总线，按需逐页迁移。预取（后面的一课）迁移同样的字节，但没有缺页。</translation>
    </message>
    <message>
        <source>At %1 per buffer the setup or the copies were not timed.</source>
        <translation>每个缓冲区 %1 时，没有测得准备或拷贝的时间。</translation>
    </message>
    <message>
        <source>The pinned copies were no faster: pinning never paid.</source>
        <translation>锁页内存的拷贝并没有更快：锁页始终不划算。</translation>
    </message>
    <message>
        <source>Pinning cost nothing extra here.</source>
        <translation>这里锁页没有带来额外开销。</translation>
    </message>
    <message>
        <source>Pinning paid for itself after %1 iterations.</source>
        <translation>锁页在 %1 次迭代后回本。</translation>
    </message>
    <message>
        <source>At %1 per buffer: allocating the page-locked host arrays (cudaHostAlloc) and freeing them took %2, against %3 for ordinary arrays touched once; one iteration&apos;s copies took %4 from page-locked memory against %5 from ordinary memory. %6</source>
        <translation>每个缓冲区 %1 时：分配并释放锁页主机数组（cudaHostAlloc）用时 %2，而普通数组（访问一次）用时 %3；一次迭代的拷贝从锁页内存用时 %4，从普通内存用时 %5。%6</translation>
    </message>
    <message>
        <source>The larger the buffers, the sooner pinning pays: %1 iterations at %2, %3 at %4.</source>
        <translation>缓冲区越大，锁页回本越快：%2 时需要 %1 次迭代，%4 时需要 %3 次。</translation>
    </message>
    <message>
        <source>Here pinning never paid at any size.</source>
        <translation>这里在任何大小下锁页都不划算。</translation>
    </message>
    <message>
        <source>A program that pins memory once and copies it many times pays the allocation once; one that pins a buffer to copy it once pays it every time, which is why PyTorch&apos;s tutorial finds %1 can be slower than %2. PyTorch&apos;s pinned-memory allocator keeps the blocks it frees for the next tensor, so pinning again costs less than the first time.</source>
        <translation>锁页一次、拷贝多次的程序只付一次分配的代价；为了拷贝一次而锁页的程序每次都要付，这就是 PyTorch 教程发现 %1 可能比 %2 更慢的原因。PyTorch 的锁页内存分配器会保留释放的内存块供下一个张量使用，所以再次锁页比第一次便宜。</translation>
    </message>
    <message>
        <source>Its copies were no faster: registering never paid.</source>
        <translation>它的拷贝并没有更快：注册始终不划算。</translation>
    </message>
    <message>
        <source>Registering cost nothing measurable here.</source>
        <translation>在这里注册没有测得的额外代价。</translation>
    </message>
    <message>
        <source>Registering paid for itself after %1 iterations.</source>
        <translation>注册在 %1 次迭代后回本。</translation>
    </message>
    <message>
        <source>%1 more than the ordinary arrays alone</source>
        <translation>比只用普通数组多 %1</translation>
    </message>
    <message>
        <source>no more than the ordinary arrays alone</source>
        <translation>不比只用普通数组多</translation>
    </message>
    <message>
        <source>Page-locking ordinary arrays in place instead (cudaHostRegister, then cudaHostUnregister before freeing them) took %1 with their allocation and first touch, %2; its copies took %3. %4</source>
        <translation>改为就地锁页普通数组（cudaHostRegister，释放之前再 cudaHostUnregister），连同分配和首次访问共用时 %1，%2；它的拷贝用时 %3。%4</translation>
    </message>
    <message>
        <source>at %1 per buffer %2&apos;s to-device phase took %3 on %4 threads against %5 on one</source>
        <translation>每个缓冲区 %1 时，%2 的 to-device 阶段在 %4 个线程上用时 %3，在一个线程上用时 %5</translation>
    </message>
    <message>
        <source>At %1 per buffer, %2&apos;s kernel phase took %3 on one thread and %4 on %5 threads, each with a command queue of its own; its to-device phase %6 and %7.</source>
        <translation>每个缓冲区 %1 时，%2 的内核阶段在一个线程上用时 %3，在 %5 个各有自己命令队列的线程上用时 %4；它的 to-device 阶段分别为 %6 和 %7。</translation>
    </message>
    <message>
        <source>At %1 per buffer, %2&apos;s kernel phase took %3 on one thread, %4 on %5 threads sharing the legacy default stream, and %6 on %5 threads each on its own per-thread stream; its to-device phase %7, %8 and %9.</source>
        <translation>每个缓冲区 %1 时，%2 的内核阶段在一个线程上用时 %3，在共用 legacy 默认流的 %5 个线程上用时 %4，在各用自己 per-thread 流的 %5 个线程上用时 %6；它的 to-device 阶段分别为 %7、%8 和 %9。</translation>
    </message>
    <message>
        <source>%1&apos;s kernel phase at %2 per buffer</source>
        <translation>每个缓冲区 %2 时 %1 的内核阶段</translation>
    </message>
    <message>
        <source>On the legacy default stream the threads&apos; work waits for each other&apos;s: %1 took %2 as long there as on per-thread streams. Every thread that uses the legacy stream shares it, and it runs one piece of work at a time; per-thread streams let the GPU take the threads&apos; launches together.</source>
        <translation>在 legacy 默认流上，各线程的工作互相等待：%1 在那里的用时是在 per-thread 流上的 %2。所有使用 legacy 流的线程共用这一个流，它一次只执行一项工作；per-thread 流让 GPU 能同时接收各线程的启动。</translation>
    </message>
    <message>
        <source>Here the legacy stream cost little against per-thread streams (at most %1 as long): the threads&apos; slices were too large for their launches to matter.</source>
        <translation>这里 legacy 流相对 per-thread 流代价很小（至多为其 %1）：各线程的分段足够大，启动开销无关紧要。</translation>
    </message>
    <message>
        <source>Splitting the kernel never beat one thread launching it over all of the buffers: one launch already keeps the device busy, so each slice only adds its own launch and wait. Threads pay where each has work of its own to overlap with the others&apos;, not where they share one kernel&apos;s.</source>
        <translation>拆分内核从未胜过由一个线程对全部缓冲区启动一次：一次启动已经让设备忙满，每一段只会额外增加自己的启动和等待。线程的好处在于各自有自己的工作、能与其他线程的工作重叠，而不在于分担同一个内核的工作。</translation>
    </message>
    <message>
        <source>The copies were another matter: %1. Where a copy is the CPU&apos;s work (a runtime staging ordinary memory, or a CPU device&apos;s memcpy), threads do it side by side; a DMA copy from page-locked memory already fills the bus from one thread.</source>
        <translation>拷贝则是另一回事：%1。当拷贝是 CPU 的工作（运行时中转普通内存，或 CPU 设备上的 memcpy）时，多个线程可以并行完成；而从锁页内存发起的 DMA 拷贝，一个线程就已经占满总线。</translation>
    </message>
    <message>
        <source>CUDA gives every host thread the legacy default stream unless told otherwise: compile with %1, pass %2, or give each thread a stream of its own (CuPy: %3 in each thread; PyTorch: %4). The Timeline shows a lane per thread: when each worked on its slice.</source>
        <translation>除非另行指定，CUDA 给每个主机线程的都是 legacy 默认流：用 %1 编译、传入 %2，或给每个线程一个自己的流（CuPy：在每个线程中使用 %3；PyTorch：%4）。时间线为每个线程显示一行：它何时在处理自己那一段。</translation>
    </message>
    <message>
        <source>In %1 every buffer started the iteration on %2; the peer&apos;s kernel touched it and its faults moved the pages from GPU to GPU while it ran: the kernel took %3, and the records show %4 moving device to device (GPU fault groups: %5).</source>
        <translation>在 %1 中，每个缓冲区在迭代开始时都位于 %2；对等 GPU 的内核访问它，运行期间的缺页把页面从一块 GPU 迁移到另一块：内核耗时 %3，迁移记录显示有 %4 从设备迁移到设备（GPU 缺页组：%5）。</translation>
    </message>
    <message>
        <source>Device-to-device bytes come from the driver&apos;s own migration records: its exact counters count no copies between GPUs, and its event queue says how many records it dropped (here: %1).</source>
        <translation>设备到设备的字节数来自驱动自身的迁移记录：驱动的精确计数器不统计 GPU 之间的拷贝，而它的事件队列会说明丢弃了多少条记录（这里：%1）。</translation>
    </message>
    <message>
        <source>Pages moving whole, what this demo is about, needs CUDA: OpenCL reports no page migrations, so only the copies show here. Its run on an NVIDIA H200 ships with ShareScope and shows managed memory moving whole pages: %1, or File ▸ Examples.</source>
        <translation>本演示要展示的是页面整页迁移，这需要 CUDA：OpenCL 不报告页面迁移，所以这里只能看到拷贝。随 ShareScope 附带的 NVIDIA H200 运行结果展示了托管内存整页迁移：%1，或“文件 → 示例”。</translation>
    </message>
    <message>
        <source>Pages bouncing between the CPU and the GPU, what this demo is about, needs CUDA: OpenCL reports no page migrations. Its run on an NVIDIA H200 ships with ShareScope and shows them: %1, or File ▸ Examples.</source>
        <translation>本演示要展示的是页面在 CPU 和 GPU 之间来回迁移，这需要 CUDA：OpenCL 不报告页面迁移。随 ShareScope 附带的 NVIDIA H200 运行结果展示了这一点：%1，或“文件 → 示例”。</translation>
    </message>
    <message>
        <source>Threads waiting on one shared stream, what this demo is about, needs CUDA: OpenCL gives each thread a command queue of its own. Its run on an NVIDIA H200 ships with ShareScope and sets the legacy default stream against per-thread streams: %1, or File ▸ Examples.</source>
        <translation>本演示要展示的是多个线程在同一条共用的流上互相等待，这需要 CUDA：OpenCL 给每个线程一个自己的命令队列。随 ShareScope 附带的 NVIDIA H200 运行结果把 legacy 默认流与 per-thread 流作了对比：%1，或“文件 → 示例”。</translation>
    </message>
    <message>
        <source>%1 is the CPU itself: its device memory is host memory, so what a copy moved here (&quot;across the bus&quot;, as the lesson and its question say) went from RAM to RAM. On a GPU the same comparison moves it across a real bus, PCIe or NVLink.</source>
        <translation>%1 就是 CPU 本身：它的设备内存就是主机内存，所以这里拷贝所传输的数据（讲解和提问中说的“经由总线”）其实是从内存到内存。在 GPU 上，同样的比较会让数据真正经过总线（PCIe 或 NVLink）。</translation>
    </message>
</context>
<context>
    <name>OutputText</name>
    <message>
        <source>%1 &apos;%2&apos; and %3 &apos;%4&apos; name the same file; give each its own</source>
        <translation>%1“%2”和 %3“%4”指向同一个文件；请各给一个</translation>
    </message>
</context>
<context>
    <name>PeerText</name>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>peer access both ways</source>
        <translation>双向对等访问</translation>
    </message>
    <message>
        <source>peer access one way only</source>
        <translation>只有单向对等访问</translation>
    </message>
    <message>
        <source>peer access not reported</source>
        <translation>对等访问未报告</translation>
    </message>
    <message>
        <source>no peer access (copies go through the host)</source>
        <translation>没有对等访问（拷贝经由主机）</translation>
    </message>
    <message>
        <source>%1 (%2): maps its memory %3, it maps this one&apos;s %4, performance rank %5 (0 is the fastest), native atomics %6, only some atomics %7, CUDA arrays %8; peer access enabled in this process %9</source>
        <translation>%1（%2）：可映射它的内存 %3，它可映射本设备的内存 %4，性能等级 %5（0 最快），原生原子操作 %6，仅部分原子操作 %7，CUDA 数组 %8；本进程已开启对等访问 %9</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>等级 %1</translation>
    </message>
    <message>
        <source>native atomics</source>
        <translation>原生原子操作</translation>
    </message>
    <message>
        <source>%1 (peer access on)</source>
        <translation>%1（对等访问开）</translation>
    </message>
    <message>
        <source>%1 (peer access off)</source>
        <translation>%1（对等访问关）</translation>
    </message>
    <message>
        <source>the kernel ran on the peer %1; the managed pages moved between %2 and it</source>
        <translation>内核在对等 GPU %1 上运行；托管页面在 %2 与它之间迁移</translation>
    </message>
    <message>
        <source>the kernel ran on the peer %1, with peer access on</source>
        <translation>内核在对等 GPU %1 上运行，对等访问已开启</translation>
    </message>
    <message>
        <source>the kernel ran on the peer %1, with peer access off: the copies went through the host</source>
        <translation>内核在对等 GPU %1 上运行，对等访问未开启：拷贝经由主机中转</translation>
    </message>
    <message>
        <source>%1 (write-combined)</source>
        <translation>%1（写合并）</translation>
    </message>
    <message>
        <source>%1 (one thread, per-thread stream)</source>
        <translation>%1（一个线程，per-thread 流）</translation>
    </message>
    <message>
        <source>%1 (%2 threads)</source>
        <translation>%1（%2 个线程）</translation>
    </message>
    <message>
        <source>%1 (%2 threads, per-thread streams)</source>
        <translation>%1（%2 个线程，per-thread 流）</translation>
    </message>
    <message>
        <source>%1 (%2 threads, legacy stream)</source>
        <translation>%1（%2 个线程，legacy 流）</translation>
    </message>
</context>
<context>
    <name>PythonText</name>
    <message>
        <source>python could not start: %1</source>
        <translation>python 无法启动：%1</translation>
    </message>
    <message>
        <source>it ended without a result: %1</source>
        <translation>它没有给出结果就结束了：%1</translation>
    </message>
    <message>
        <source>it printed more than %1 without ending a line; it was stopped</source>
        <translation>它输出了超过 %1 而没有换行，已被停止</translation>
    </message>
    <message>
        <source>its result could not be read: %1</source>
        <translation>无法读取它的结果：%1</translation>
    </message>
    <message>
        <source>not run here: %1</source>
        <translation>未在此运行：%1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>yes: one address</source>
        <translation>是：同一个地址</translation>
    </message>
    <message>
        <source>no: copied</source>
        <translation>否：经过拷贝</translation>
    </message>
    <message>
        <source>no %1 device here</source>
        <translation>这里没有 %1 设备</translation>
    </message>
    <message>
        <source>the phase was not timed</source>
        <translation>该阶段没有计时</translation>
    </message>
    <message>
        <source>Python routes · %1 per buffer · median of %2 after %3 warm-up · %4</source>
        <translation>Python 写法 · 每个缓冲区 %1 · %3 次预热后 %2 次的中位数 · %4</translation>
    </message>
    <message>
        <source>no python3 found</source>
        <translation>没有找到 python3</translation>
    </message>
    <message>
        <source>  %1 …</source>
        <translation>  %1 …</translation>
    </message>
    <message>
        <source>  ShareScope&apos;s %1 …</source>
        <translation>  ShareScope 的 %1 …</translation>
    </message>
    <message>
        <source>  %1: %2, %3 in %4 (%5)</source>
        <translation>  %1：%2，%3 用时 %4（%5）</translation>
    </message>
    <message>
        <source>  ShareScope&apos;s %1, %2: %3; the route took %4 × its time</source>
        <translation>  ShareScope 的 %1，%2：%3；该写法用时是它的 %4 倍</translation>
    </message>
    <message>
        <source>  ShareScope&apos;s %1 did not run: %2</source>
        <translation>  ShareScope 的 %1 没有运行：%2</translation>
    </message>
    <message>
        <source>  the same memory on both sides: %1</source>
        <translation>  两边是否为同一块内存：%1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>shared</source>
        <translation>共享</translation>
    </message>
    <message>
        <source>copied</source>
        <translation>拷贝</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Hand-offs between frameworks (DLPack; __cuda_array_interface__ for numba) · %1</source>
        <translation>框架之间的传递（DLPack；numba 用 __cuda_array_interface__）· %1</translation>
    </message>
    <message>
        <source>no framework found</source>
        <translation>没有找到任何框架</translation>
    </message>
    <message>
        <source>from</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>到 %1</translation>
    </message>
    <message>
        <source>n/a:</source>
        <translation>不适用：</translation>
    </message>
    <message>
        <source>no python3 was found on PATH; name the interpreter to use</source>
        <translation>在 PATH 中没有找到 python3；请指定要用的解释器</translation>
    </message>
    <message>
        <source>no result within %1; it was stopped</source>
        <translation>%1 内没有结果，已被停止</translation>
    </message>
    <message>
        <source>  %1: %2, %3 in %4</source>
        <translation>  %1：%2，%3 用时 %4</translation>
    </message>
    <message>
        <source>yes: the other process&apos;s writes, read here</source>
        <translation>是：在此读到了另一进程写入的数据</translation>
    </message>
    <message>
        <source>no: the other process&apos;s writes were not seen here</source>
        <translation>否：在此未见另一进程写入的数据</translation>
    </message>
    <message>
        <source>not run here, %1 is not installed: %2</source>
        <translation>未在此运行，没有安装 %1：%2</translation>
    </message>
    <message>
        <source>%1 of %2 routes measured, %3 failed, %4 not run here.</source>
        <translation>%2 种写法中测得 %1 种，失败 %3 种，%4 种未在此运行。</translation>
    </message>
    <message>
        <source>`%1 -m pip install %2` would run %3 more routes here.</source>
        <translation>运行 `%1 -m pip install %2` 后，本机可多运行 %3 种写法。</translation>
    </message>
    <message>
        <source>Every route measured on an NVIDIA H200, beside ShareScope&apos;s modes: %1 (Key results).</source>
        <translation>每种写法在 NVIDIA H200 上与 ShareScope 模式并列的测量结果：%1（Key results 一节）。</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <source>[options]</source>
        <translation>[选项]</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>用法：%1</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>managed</source>
        <extracomment>A badge: the device supports managed memory (cudaMallocManaged): 托管内存.</extracomment>
        <translation>托管内存</translation>
    </message>
    <message>
        <source>concurrent access</source>
        <translation>并发访问</translation>
    </message>
    <message>
        <source>host-unified</source>
        <extracomment>A badge: the OpenCL device shares the host&apos;s memory (CL_DEVICE_HOST_UNIFIED_MEMORY). Not CUDA&apos;s unified memory (统一内存): the glossary&apos;s 与主机共用内存.</extracomment>
        <translation>与主机共用内存</translation>
    </message>
    <message>
        <source>fine SVM</source>
        <translation>细粒度 SVM</translation>
    </message>
    <message>
        <source>coarse SVM</source>
        <translation>粗粒度 SVM</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>%1: the GPU reads and writes host memory in place, over the bus; no page migrates.</source>
        <translation>%1：GPU 经由总线原地读写主机内存；没有页面迁移。</translation>
    </message>
    <message>
        <source>%1: the data moves by explicit copies, not by page migration; the Timeline tab shows the bytes each copy moved.</source>
        <translation>%1：数据通过显式拷贝传输，而不是页面迁移；“时间线”标签页显示每次拷贝传输的字节数。</translation>
    </message>
    <message>
        <source>ipc: cudaMalloc memory shared with a second process; its pages never migrate.</source>
        <translation>ipc：与第二个进程共享的 cudaMalloc 内存；其页面从不迁移。</translation>
    </message>
    <message>
        <source>%1: OpenCL reports no page migrations. Here the map returned %2.</source>
        <translation>%1：OpenCL 不报告页面迁移。此处映射返回的是%2。</translation>
    </message>
    <message>
        <source>the buffers&apos; own memory (zero-copy)</source>
        <translation>缓冲区自身的内存（零拷贝）</translation>
    </message>
    <message>
        <source>a copy, or memory whose placement the device does not report</source>
        <translation>一份副本，或设备未报告其位置的内存</translation>
    </message>
    <message>
        <source>%1: one pointer on both sides; OpenCL reports no page migrations.</source>
        <translation>%1：主机与设备共用一个指针；OpenCL 不报告页面迁移。</translation>
    </message>
    <message>
        <source>Counters not reported: %1.</source>
        <translation>计数器未报告：%1。</translation>
    </message>
    <message>
        <source>%1: cudaMalloc memory on two GPUs; explicit copies between them, or the peer&apos;s kernel reaching over the link, move the data, not page migration. The Timeline tab shows the bytes each copy moved between the devices.</source>
        <translation>%1：两块 GPU 上的 cudaMalloc 内存；数据由它们之间的显式拷贝或对等 GPU 内核经由互连的访问来移动，而不是页面迁移。“时间线”标签页显示了每次拷贝在设备之间移动的字节数。</translation>
    </message>
</context>
<context>
    <name>Questions</name>
    <message>
        <source>the %1 phase</source>
        <translation>%1 阶段</translation>
    </message>
    <message>
        <source>a whole iteration</source>
        <translation>一次完整迭代</translation>
    </message>
    <message>
        <source>nothing: the memory is shared</source>
        <translation>不传输：内存是共享的</translation>
    </message>
    <message>
        <source>%1: only the elements the kernel touches</source>
        <translation>%1：只有内核访问到的那些元素</translation>
    </message>
    <message>
        <source>%1: the 4 KiB pages the kernel touches</source>
        <translation>%1：内核访问到的那些 4 KiB 页面</translation>
    </message>
    <message>
        <source>%1: the whole buffer</source>
        <translation>%1：整个缓冲区</translation>
    </message>
    <message>
        <source>%1: one buffer</source>
        <translation>%1：一个缓冲区</translation>
    </message>
    <message>
        <source>%1: %2 × %3</source>
        <translation>%1：%2 × %3</translation>
    </message>
    <message>
        <source>all of it (%1 or more)</source>
        <translation>全部（%1 或以上）</translation>
    </message>
    <message>
        <source>less than %1</source>
        <translation>不到 %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>%1 as long or more</source>
        <translation>%1 的时间或更长</translation>
    </message>
    <message>
        <source>about the same: %1 to %2</source>
        <translation>差不多：%1 到 %2</translation>
    </message>
    <message>
        <source>%1 to %2 as long</source>
        <translation>%1 到 %2 的时间</translation>
    </message>
    <message>
        <source>about the same: all within %1 of one another</source>
        <translation>差不多：彼此相差不超过 %1</translation>
    </message>
    <message>
        <source>The kernel touches %1 of each %2 buffer, spread evenly over it. How many bytes will %3 move across the bus in %4?</source>
        <translation>内核在每个 %2 的缓冲区中只访问 %1，均匀分布在整个缓冲区上。%3 在 %4会经由总线传输多少字节？</translation>
    </message>
    <message>
        <source>Each buffer holds %1. How many bytes will %2 move across the bus in %3, both ways together?</source>
        <translation>每个缓冲区 %1。%2 在 %3会经由总线传输多少字节（两个方向合计）？</translation>
    </message>
    <message>
        <source>With %1 per buffer, which mode will finish %2 first?</source>
        <translation>每个缓冲区 %1 时，哪种模式最先完成 %2？</translation>
    </message>
    <message>
        <source>With %1 per buffer, which mode will run a whole iteration fastest?</source>
        <translation>每个缓冲区 %1 时，哪种模式跑完一次完整迭代最快？</translation>
    </message>
    <message>
        <source>With %1 per buffer, how long will %2 take in %3, against %4?</source>
        <translation>每个缓冲区 %1 时，%2 在 %3的用时是 %4 的多少倍？</translation>
    </message>
    <message>
        <source>With %1 per buffer, how long will a whole iteration of %2 take, against %3?</source>
        <translation>每个缓冲区 %1 时，%2 一次完整迭代的用时是 %3 的多少倍？</translation>
    </message>
    <message>
        <source>At %1 per buffer the kernel faults every page of its buffers over, and the UVM driver counts every byte. What share of those bytes will CUPTI&apos;s migration records, what a profiler shows, account for?</source>
        <translation>每个缓冲区 %1 时，内核通过缺页把缓冲区的每个页面都迁移过来，UVM 驱动统计了每一个字节。CUPTI 的迁移记录（也就是性能分析器所显示的）能占其中多少？</translation>
    </message>
    <message>
        <source>at least %1</source>
        <translation>至少 %1</translation>
    </message>
    <message>
        <source>Measured: %1 moved %2 across the bus in %3.</source>
        <translation>实测：%3里，%1 经由总线传输了 %2。</translation>
    </message>
    <message>
        <source>Measured: all within %1 of one another (%2 the quickest).</source>
        <translation>实测：彼此相差在 %1 以内（%2 最快）。</translation>
    </message>
    <message>
        <source>Measured: %1 took %2 as long as %3 in %4.</source>
        <translation>实测：%4里，%1 的用时是 %3 的 %2。</translation>
    </message>
    <message>
        <source>Measured: CUPTI&apos;s records accounted for %1 of the bytes the driver counted.</source>
        <translation>实测：CUPTI 的记录占驱动统计字节数的 %1。</translation>
    </message>
    <message>
        <source>You were asked: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>The runs did not measure it here (a mode did not run, or its counters were not reported), so the answer is not known.</source>
        <translation>这次运行没有测到它（某个模式没有运行，或者计数器未报告），所以答案未知。</translation>
    </message>
    <message>
        <source>The answer: %1.</source>
        <translation>答案：%1。</translation>
    </message>
    <message>
        <source>Your prediction: %1. Right.</source>
        <translation>你的预测：%1。答对了。</translation>
    </message>
    <message>
        <source>Your prediction: %1. The answer: %2.</source>
        <translation>你的预测：%1。答案：%2。</translation>
    </message>
    <message>
        <source>less than %1 as long: faster</source>
        <translation>不到 %1 的时间：更快</translation>
    </message>
    <message>
        <source>Measured: %1 was the quickest; the slowest took %2 as long.</source>
        <translation>实测：%1 最快；最慢的用时是它的 %2。</translation>
    </message>
    <message>
        <source>Four buffers of %1: one the CPU writes and the GPU reads, one the GPU writes and the CPU reads, one only the GPU touches, one only the CPU. Once every page has been touched (after the warm-up), how many bytes will %2 move across the bus in %3 of each iteration, both ways together?</source>
        <translation>四个各 %1 的缓冲区：一个由 CPU 写入、GPU 读取，一个由 GPU 写入、CPU 读取，一个只有 GPU 访问，一个只有 CPU 访问。每一页都被访问过之后（预热之后），%2 在每次迭代的 %3会经由总线传输多少字节（两个方向合计）？</translation>
    </message>
    <message>
        <source>after %1 iterations or more, or never</source>
        <translation>%1 次迭代或更多之后，或者永远不会</translation>
    </message>
    <message>
        <source>after %1 to %2 iterations</source>
        <translation>%1 到 %2 次迭代之后</translation>
    </message>
    <message>
        <source>Measured: %1&apos;s copies were no faster, so it never paid.</source>
        <translation>实测：%1 的拷贝并没有更快，所以始终不划算。</translation>
    </message>
    <message>
        <source>Measured: %1 cost no more to set up than %2.</source>
        <translation>实测：%1 的准备代价不高于 %2。</translation>
    </message>
    <message>
        <source>Measured: %1 paid for itself after %2 iterations.</source>
        <translation>实测：%1 在 %2 次迭代后回本。</translation>
    </message>
    <message>
        <source>At %1 per buffer, %2 allocates page-locked host memory (cudaHostAlloc), which the GPU copies without staging it; %3 uses ordinary memory. Counting what the page-locked memory costs to allocate and free beyond the ordinary, after how many iterations (each copying the inputs to the GPU and the result back) will its copies have saved that?</source>
        <translation>每个缓冲区 %1 时，%2 分配锁页主机内存（cudaHostAlloc），GPU 拷贝它时无需中转；%3 使用普通内存。把锁页内存比普通内存多出的分配和释放代价算进去，要多少次迭代（每次把输入拷贝到 GPU、再把结果拷回）它的拷贝才能把这部分省回来？</translation>
    </message>
    <message>
        <source>within %1 iterations</source>
        <translation>%1 次迭代之内</translation>
    </message>
    <message>
        <source>At %1 per buffer, %2 threads each launch the kernel of %3 on their slice of the buffers, all at once (CUDA: on the legacy default stream they share). How long will %4 take, against one thread launching it over all of the buffers?</source>
        <translation>每个缓冲区 %1 时，%2 个线程同时在各自那一段缓冲区上启动 %3 的内核（CUDA：在它们共用的 legacy 默认流上）。与一个线程对全部缓冲区启动一次相比，%4 会用多长时间？</translation>
    </message>
    <message>
        <source>Measured: on %1 threads, %2 took %3 as long in %4 as on one.</source>
        <translation>实测：%4里，%2 在 %1 个线程上的用时是一个线程时的 %3。</translation>
    </message>
    <message>
        <source>%1×</source>
        <extracomment>A ratio at the edge of an answer&apos;s band, such as 1.25×: in Chinese 1.25 倍.</extracomment>
        <translation>%1 倍</translation>
    </message>
</context>
<context>
    <name>ReportTables</name>
    <message>
        <source>host-unified memory</source>
        <extracomment>OpenCL&apos;s CL_DEVICE_HOST_UNIFIED_MEMORY: the device shares the host&apos;s memory (与主机共用内存), not CUDA&apos;s unified memory (统一内存).</extracomment>
        <translation>与主机共用内存</translation>
    </message>
    <message>
        <source>coarse SVM</source>
        <translation>粗粒度 SVM</translation>
    </message>
    <message>
        <source>fine SVM</source>
        <translation>细粒度 SVM</translation>
    </message>
    <message>
        <source>system SVM</source>
        <translation>系统 SVM</translation>
    </message>
    <message>
        <source>managed</source>
        <extracomment>The device supports managed memory (cudaMallocManaged): 托管内存.</extracomment>
        <translation>托管内存</translation>
    </message>
    <message>
        <source>concurrent managed access</source>
        <translation>并发托管访问</translation>
    </message>
    <message>
        <source>pageable memory access</source>
        <translation>可分页内存访问</translation>
    </message>
    <message>
        <source>maps host memory</source>
        <translation>可映射主机内存</translation>
    </message>
    <message>
        <source>copies only</source>
        <extracomment>Between the traits of a device in a list: in Chinese the enumeration comma 、.</extracomment>
        <translation>仅拷贝</translation>
    </message>
    <message>
        <source>yes: %1 elements compared with the CPU reference, all equal</source>
        <translation>是：%1 个元素已与 CPU 参考结果比对，全部一致</translation>
    </message>
    <message>
        <source>NO: %1 of %2 elements differ from the CPU reference</source>
        <translation>否！%2 个元素中有 %1 个与 CPU 参考结果不同</translation>
    </message>
    <message>
        <source>
            %1[%2]: expected %3, got %4</source>
        <translation>
            %1[%2]：预期 %3，实际 %4</translation>
    </message>
    <message>
        <source>not reported (%1)</source>
        <translation>未报告（%1）</translation>
    </message>
    <message>
        <source>, of which %1 kept in the report</source>
        <translation>，其中 %1 条保留在报告中</translation>
    </message>
    <message>
        <source>unified memory</source>
        <translation>统一内存</translation>
    </message>
    <message>
        <source>on the GPU</source>
        <translation>在 GPU 上</translation>
    </message>
    <message>
        <source>No devices found.
</source>
        <translation>未找到设备。
</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>max buffer</source>
        <translation>最大缓冲区</translation>
    </message>
    <message>
        <source>sharing</source>
        <translation>共享能力</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>what it does, or why not</source>
        <translation>作用，或不支持的原因</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 × %4 · %5 (%6)
</source>
        <translation>%1 · %2 · %3 × %4 · %5（%6）
</translation>
    </message>
    <message>
        <source>%1 iterations after %2 warm-up; time is the median, device time from %3 events

</source>
        <translation>%2 次预热后测量 %1 次迭代；时间取中位数，设备时间来自 %3 事件

</translation>
    </message>
    <message>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>verified    %1
</source>
        <translation>已验证      %1
</translation>
    </message>
    <message>
        <source>buffers     %1
</source>
        <translation>缓冲区      %1
</translation>
    </message>
    <message>
        <source>counters    %1
</source>
        <translation>计数器      %1
</translation>
    </message>
    <message>
        <source>reproduce   %1
</source>
        <translation>复现命令    %1
</translation>
    </message>
    <message>
        <source>iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>kernel bw</source>
        <translation>内核带宽</translation>
    </message>
    <message>
        <source>migrated</source>
        <translation>已迁移</translation>
    </message>
    <message>
        <source>faults</source>
        <translation>缺页</translation>
    </message>
    <message>
        <source>zero-copy</source>
        <translation>零拷贝</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>NO (%1 wrong)</source>
        <translation>否！（%1 个错误）</translation>
    </message>
    <message>
        <source>%1 · %2 per buffer · %3 (%4) · median of %5 iterations, host time per phase

</source>
        <translation>%1 · 每个缓冲区 %2 · %3（%4）· %5 次迭代的中位数，各阶段为主机时间

</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>to-device</source>
        <translation>to-device</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>to-host</source>
        <translation>to-host</translation>
    </message>
    <message>
        <source>NO</source>
        <translation>否！</translation>
    </message>
    <message>
        <source>%1 · %2 (%3) · bandwidth of the median iteration; — where a phase moved nothing

</source>
        <translation>%1 · %2（%3）· 中位迭代的带宽；— 表示该阶段未传输数据

</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>PCI %1, driver %2, runtime %3, %4 SMs; managed memory %5, concurrent managed access %6, pageable memory access %7, host-native atomics %8, maps host memory %9, unified addressing %10</source>
        <translation>PCI %1，驱动 %2，运行时 %3，%4 个 SM；托管内存：%5，并发托管访问：%6，可分页内存访问：%7，主机原生原子操作：%8，可映射主机内存：%9，统一寻址：%10</translation>
    </message>
    <message>
        <source>%1, driver %2, %3 compute units; host-unified memory %4, base address alignment %5 B, SVM coarse %6, fine %7, system %8, atomics %9</source>
        <translation>%1，驱动 %2，%3 个计算单元；与主机共用内存：%4，基地址对齐 %5 B，粗粒度 SVM：%6，细粒度：%7，系统级：%8，原子操作：%9</translation>
    </message>
    <message>
        <source>%1 migration records from CUPTI</source>
        <translation>来自 CUPTI 的 %1 条迁移记录</translation>
    </message>
    <message>
        <source>; the driver dropped %1 records</source>
        <translation>；驱动丢弃了 %1 条记录</translation>
    </message>
    <message>
        <source>exact totals from the UVM driver&apos;s own counters, counted in a second, instrumented pass; %1</source>
        <translation>精确总量来自 UVM 驱动自身的计数器，在第二次插桩运行中计数；%1</translation>
    </message>
    <message>
        <source>; the totals are a lower bound</source>
        <translation>；这些总量只是下限</translation>
    </message>
    <message>
        <source>
            INCOMPLETE: %1 came back to the host from chunks no record had moved to the GPU, so
            the driver dropped migration records (seen under heavy faulting and in a run&apos;s first
            faults). The counters are lower bounds; a smaller --size helps.</source>
        <translation>
            不完整：有 %1 从未被任何记录迁移到 GPU 的分块回到了主机，说明
            驱动丢弃了迁移记录（常见于大量缺页时以及一次运行的最初几次缺页）。
            计数器只是下限；减小 --size 会有帮助。</translation>
    </message>
    <message>
        <source>from the pages the CPU held (/proc/self/pagemap) and what the run did</source>
        <translation>依据 CPU 持有的页面（/proc/self/pagemap）和运行所做的操作</translation>
    </message>
    <message>
        <source>reconstructed from the migration records (CUDA has no call that says where a page is)</source>
        <translation>根据迁移记录重建（CUDA 没有告知页面位置的调用）</translation>
    </message>
    <message>
        <source>
Where the managed buffers&apos; %1 chunks were after each phase of the last iteration, %2:
</source>
        <translation>
最后一次迭代中每个阶段之后，托管缓冲区各个 %1 分块的位置，%2：
</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>计数运行</translation>
    </message>
    <message>
        <source>of measured</source>
        <translation>占实测</translation>
    </message>
    <message>
        <source>of spec</source>
        <translation>占规格</translation>
    </message>
    <message>
        <source>PROBLEM</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>of measured, of spec = the bandwidth on the phase&apos;s most loaded path, as a share of the best this machine
reached there (sharescope calibrate) and of what the hardware&apos;s specification allows; no ceiling = none
known for that path (not calibrated, no specification, or a report from before ceilings); PROBLEM = above
the path&apos;s specification: a measurement problem, not a result
</source>
        <translation>占实测、占规格 = 该阶段负载最重的路径上的带宽，分别占本机在该路径上达到的最好成绩
（sharescope calibrate）和硬件规格所允许值的比例；上限未知 = 该路径没有已知的上限
（尚未校准、没有规格，或报告写于引入上限之前）；问题 = 超过了路径的规格：
这是测量问题，而不是结果
</translation>
    </message>
    <message>
        <source>; device→device bytes come from CUPTI&apos;s records alone (the driver counts no copies from GPU to GPU), so they are a lower bound</source>
        <translation>；device→device 字节数只来自 CUPTI 的记录（驱动不统计 GPU 之间的拷贝），因此是一个下限</translation>
    </message>
    <message>
        <source>on %1 / on %2</source>
        <translation>在 %1 / 在 %2</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>copied</source>
        <translation>已拷贝</translation>
    </message>
    <message>
        <source>bytes the phase read and wrote / its time: device time for device work where measured,
host time for host-init and host-read</source>
        <translation>该阶段读写的字节数 / 其用时：设备工作在有测量时取设备时间，
host-init 和 host-read 取主机时间</translation>
    </message>
    <message>
        <source>the same phase&apos;s time in the counted pass, which ran the experiment again with the
counters on, against the time above: what the instruments cost</source>
        <translation>同一阶段在计数运行（开启计数器再运行一次实验）中的用时，与上面的用时相比：
即插桩本身的代价</translation>
    </message>
    <message>
        <source>exports memory as file descriptors (%1 granules)</source>
        <extracomment>Device memory another process can import from a file descriptor (文件描述符), made in granules of %1 (e.g. &quot;2 MiB&quot;): ipc-vmm</extracomment>
        <translation>可将内存导出为文件描述符（粒度 %1）</translation>
    </message>
    <message>
        <source>exports memory as file descriptors</source>
        <translation>可将内存导出为文件描述符</translation>
    </message>
    <message>
        <source>exports pools</source>
        <extracomment>A memory pool (内存池) another process can import from a file descriptor: ipc-pool</extracomment>
        <translation>可导出内存池</translation>
    </message>
    <message>
        <source>its cudaIpcOpenMemHandle calls</source>
        <translation>它的 cudaIpcOpenMemHandle 调用</translation>
    </message>
    <message>
        <source>its cuMemImportFromShareableHandle, cuMemMap and cuMemSetAccess calls</source>
        <translation>它的 cuMemImportFromShareableHandle、cuMemMap 和 cuMemSetAccess 调用</translation>
    </message>
    <message>
        <source>its cudaMemPoolImportFromShareableHandle and cudaMemPoolImportPointer calls</source>
        <translation>它的 cudaMemPoolImportFromShareableHandle 和 cudaMemPoolImportPointer 调用</translation>
    </message>
    <message>
        <source>ipc         peer process %1 opened the buffers (ipc-open above: %2)
</source>
        <translation>ipc         对端进程 %1 打开了这些缓冲区（即上面的 ipc-open：%2）
</translation>
    </message>
    <message>
        <source>setup       export %1 here · pass %2 on the socket · import %3 · map %4 in the peer
</source>
        <translation>建立        本进程导出 %1 · 套接字传递 %2 · 对端导入 %3 · 映射 %4
</translation>
    </message>
    <message>
        <source>setup       export %1 here · pass %2 on the socket · import and map %3 in the peer (one call)
</source>
        <translation>建立        本进程导出 %1 · 套接字传递 %2 · 对端导入并映射 %3（一次调用）
</translation>
    </message>
    <message>
        <source>none: %1</source>
        <translation>无：%1</translation>
    </message>
    <message>
        <source>%1 h→d</source>
        <translation>%1 h→d</translation>
    </message>
    <message>
        <source>%1 d→h</source>
        <translation>%1 d→h</translation>
    </message>
    <message>
        <source>%1 at most %2</source>
        <translation>%1 最多 %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 超出 %2</translation>
    </message>
    <message>
        <source>%1 +%2</source>
        <translation>%1 +%2</translation>
    </message>
    <message>
        <source>nothing crosses the bus in any phase</source>
        <translation>任何阶段都没有数据经过总线</translation>
    </message>
    <message>
        <source>OVER in %1; by design: %2</source>
        <translation>超出预算：%1；按设计：%2</translation>
    </message>
    <message>
        <source>not checked, migrations not counted; by design: %1</source>
        <translation>未核对，未统计迁移；按设计：%1</translation>
    </message>
    <message>
        <source>not confirmed, CUPTI&apos;s records are a lower bound; by design: %1</source>
        <translation>无法确认，CUPTI 的记录只是下限；按设计：%1</translation>
    </message>
    <message>
        <source>within: %1</source>
        <translation>在预算内：%1</translation>
    </message>
    <message>
        <source> (%1 within the allowance for buffers that share the driver&apos;s 2 MiB blocks)</source>
        <translation>（%1 在余量之内：缓冲区共用驱动的 2 MiB 块）</translation>
    </message>
    <message>
        <source>budget      %1
</source>
        <translation>字节预算    %1
</translation>
    </message>
    <message>
        <source>%1 migration records from the UVM driver&apos;s own event queue</source>
        <translation>%1 条迁移记录，来自 UVM 驱动自身的事件队列</translation>
    </message>
    <message>
        <source> (the driver&apos;s event queue: not used, %1)</source>
        <translation>（驱动的事件队列：未使用，%1）</translation>
    </message>
    <message>
        <source>; device→device bytes come from the driver&apos;s own migration records (its counters have none between GPUs), none of which it dropped: exact</source>
        <translation>；设备→设备的字节数来自驱动自身的迁移记录（驱动的计数器不统计 GPU 之间的迁移），驱动没有丢弃任何一条：是精确值</translation>
    </message>
    <message>
        <source>; device→device bytes come from the driver&apos;s own migration records (its counters have none between GPUs), some of which it dropped, so they are a lower bound</source>
        <translation>；设备→设备的字节数来自驱动自身的迁移记录（驱动的计数器不统计 GPU 之间的迁移），驱动丢弃了其中一部分，因此是下限</translation>
    </message>
    <message>
        <source>records: %1</source>
        <translation>迁移记录：%1</translation>
    </message>
    <message>
        <source>sums of the migration records (the driver&apos;s exact counters: not reported, %1); %2</source>
        <translation>迁移记录之和（驱动的精确计数器：未报告，%1）；%2</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>记录占比</translation>
    </message>
    <message>
        <source>recorded = bytes in the migration records / the bytes the driver moved, both ways
</source>
        <translation>记录占比 = 迁移记录中的字节数 / 驱动实际迁移的字节数，双向合计
</translation>
    </message>
    <message>
        <source>; device→device bytes: not reported (only migration records count them, and none were asked for)</source>
        <translation>；设备→设备的字节数：未报告（只有迁移记录统计它们，而这次没有要求记录）</translation>
    </message>
    <message>
        <source>
            why pages moved, per iteration: %1</source>
        <translation>
            页面为什么迁移（每次迭代）：%1</translation>
    </message>
    <message>
        <source>%1; every phase of the iteration ran on all threads at once, a phase at a time (in host-init and host-read each thread filled and checked its slice). The threads&apos; work has no one device time: a device time shown is the part the run&apos;s own thread did (a map or unmap).

</source>
        <translation>%1；迭代的每个阶段都在所有线程上同时运行，一次一个阶段（在 host-init 和 host-read 中，每个线程填充并检查自己那一段）。这些线程的工作没有单一的设备时间：显示的设备时间只是运行自身线程所做的部分（一次 map 或 unmap）。

</translation>
    </message>
    <message>
        <source>clock       %1
</source>
        <translation>时钟        %1
</translation>
    </message>
    <message>
        <source>no link active</source>
        <translation>没有活动的链路</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>%1 links active (NVML&apos;s version value %2); no specification known for this GPU&apos;s links</source>
        <translation>%1 条链路活动（NVML 给出的版本值 %2）；这款 GPU 的链路没有已知规格</translation>
    </message>
    <message>
        <source>%1 links active (NVML&apos;s version value %2); by sm_%3&apos;s specification %4 a link each way, %5 each way in all</source>
        <translation>%1 条链路活动（NVML 给出的版本值 %2）；按 sm_%3 的规格每条链路每个方向 %4，合计每个方向 %5</translation>
    </message>
    <message>
        <source>(cache) = the working set fits in the device&apos;s cache, which may serve it faster than its memory: a
share of the memory&apos;s ceiling, not the cache&apos;s
</source>
        <translation>（缓存）= 工作集能放进设备的缓存，缓存可能比内存更快地提供数据：
这是占内存上限的比例，而不是占缓存上限的比例
</translation>
    </message>
    <message>
        <source>above 100% of measured = faster than the best copy the calibration timed (cudaMemcpy on the GPU, memcpy
on the host): a kernel that streams may beat a copy; the measured ceiling is that copy, not the hardware&apos;s limit
</source>
        <translation>占实测超过 100% = 比校准时测得的最快拷贝（GPU 上的 cudaMemcpy，主机上的 memcpy）还快：
流式访问的内核可以胜过拷贝；实测上限就是那次拷贝，而不是硬件的极限
</translation>
    </message>
    <message>
        <source>of measured, of spec = the bandwidth on the phase&apos;s most loaded path, as a share of the best this machine
reached there (sharescope calibrate) and of what the hardware&apos;s specification allows; host-init and
host-read run on one CPU thread, and host-read checks every element against the CPU reference
</source>
        <translation>占实测、占规格 = 该阶段负载最重的路径上的带宽，分别占本机在该路径上测得的最好成绩（sharescope calibrate）
和硬件规格所允许的上限的百分比；host-init 和 host-read 在一个 CPU 线程上运行，
且 host-read 会把每个元素与 CPU 参考结果比对
</translation>
    </message>
    <message>
        <source>kernel dev</source>
        <translation>内核设备时间</translation>
    </message>
    <message>
        <source>the kernel&apos;s median time on the device&apos;s own clock (CUDA or OpenCL events); — where the device timed none</source>
        <translation>内核在设备自身时钟上的用时中位数（CUDA 或 OpenCL 事件）；— 表示设备没有计时</translation>
    </message>
    <message>
        <source>bytes the kernel read and wrote / kernel dev where measured, else / the host time in the kernel column</source>
        <translation>内核读写的字节数 / 内核设备时间（有测得时），否则 / kernel 列中的主机时间</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>unconfirmed</source>
        <translation>未确认</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>未计数</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>✓ within the byte budget of the mode&apos;s design in every phase, ✕ over it (`sharescope run` says by how much); not counted: the counters that would show it were off</source>
        <translation>✓ 每个阶段都在该模式设计的字节预算之内，✕ 超出预算（`sharescope run` 会给出超出多少）；未计数：能说明这一点的计数器没有开启</translation>
    </message>
</context>
<context>
    <name>Residency</name>
    <message>
        <source>on the host</source>
        <translation>在主机上</translation>
    </message>
    <message>
        <source>partly on the host</source>
        <translation>部分在主机上</translation>
    </message>
    <message>
        <source>on the GPU</source>
        <translation>在 GPU 上</translation>
    </message>
    <message>
        <source>on both (read-mostly copy)</source>
        <translation>两边都有（read-mostly 副本）</translation>
    </message>
    <message>
        <source>on the host, mapped for the GPU</source>
        <translation>在主机上，映射给 GPU</translation>
    </message>
    <message>
        <source>untouched</source>
        <translation>未被访问</translation>
    </message>
    <message>
        <source>on the peer GPU</source>
        <translation>在对等 GPU 上</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>%1×</source>
        <extracomment>A ratio, such as 2.0×: in Chinese 2.0 倍 (a space, then 倍).</extracomment>
        <translation>%1 倍</translation>
    </message>
</context>
<context>
    <name>WatchText</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 次调用</translation>
    </message>
    <message>
        <source>%1 calls</source>
        <translation>%1 次调用</translation>
    </message>
    <message>
        <source>1 process</source>
        <translation>1 个进程</translation>
    </message>
    <message>
        <source>%1 processes</source>
        <translation>%1 个进程</translation>
    </message>
    <message>
        <source>from its first GPU call</source>
        <translation>从第一次 GPU 调用开始</translation>
    </message>
    <message>
        <source>from %1 (polling)</source>
        <translation>从 %1 开始（轮询）</translation>
    </message>
    <message>
        <source>from %1 (running)</source>
        <translation>从 %1 开始（已在运行）</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>未计数</translation>
    </message>
    <message>
        <source>no GPU use</source>
        <translation>未使用 GPU</translation>
    </message>
    <message>
        <source>device copies from or to pageable memory</source>
        <translation>设备内存与可分页内存之间的拷贝</translation>
    </message>
    <message>
        <source>device copies from or to pinned memory</source>
        <translation>设备内存与锁页内存之间的拷贝</translation>
    </message>
    <message>
        <source>copies between device allocations</source>
        <translation>设备内存分配之间的拷贝</translation>
    </message>
    <message>
        <source>pinned host memory mapped for the GPU (zero-copy)</source>
        <translation>映射给 GPU 的锁页内存（零拷贝）</translation>
    </message>
    <message>
        <source>host memory page-locked in place (cudaHostRegister)</source>
        <translation>就地变为锁页内存的主机内存（cudaHostRegister）</translation>
    </message>
    <message>
        <source>managed memory</source>
        <translation>托管内存</translation>
    </message>
    <message>
        <source>managed memory moved by prefetches</source>
        <translation>由预取迁移的托管内存</translation>
    </message>
    <message>
        <source>managed memory with advice</source>
        <translation>带建议的托管内存</translation>
    </message>
    <message>
        <source>managed memory discarded before it is overwritten</source>
        <translation>在被覆盖之前丢弃的托管内存</translation>
    </message>
    <message>
        <source>device memory shared by a legacy IPC handle</source>
        <translation>通过旧式 IPC 句柄共享的设备内存</translation>
    </message>
    <message>
        <source>virtual memory management (cuMemCreate), as a file descriptor</source>
        <translation>虚拟内存管理（cuMemCreate），以文件描述符共享</translation>
    </message>
    <message>
        <source>a stream-ordered memory pool</source>
        <translation>流序内存池</translation>
    </message>
    <message>
        <source>%1 (mode `%2`): %3, %4</source>
        <translation>%1（模式 `%2`）：%3，%4</translation>
    </message>
    <message>
        <source>, %1 in the synchronous ones</source>
        <translation>，同步调用中为 %1</translation>
    </message>
    <message>
        <source> (failed: %1)</source>
        <translation>（失败：%1）</translation>
    </message>
    <message>
        <source>watch %1</source>
        <translation>观察 %1</translation>
    </message>
    <message>
        <source>faults %1/%2</source>
        <translation>缺页 %1/%2</translation>
    </message>
    <message>
        <source>  %1, none on the GPU yet</source>
        <translation>  %1，都还没有使用 GPU</translation>
    </message>
    <message>
        <source>process %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>watch: %1 · %2</source>
        <translation>观察：%1 · %2</translation>
    </message>
    <message>
        <source> · exit status %1</source>
        <translation> · 退出状态 %1</translation>
    </message>
    <message>
        <source> · stopped</source>
        <translation> · 已停止</translation>
    </message>
    <message>
        <source> · driver %1</source>
        <translation> · 驱动 %1</translation>
    </message>
    <message>
        <source>The watch&apos;s own CPU time: %1 (%2 % of one core).</source>
        <translation>观察本身占用的 CPU 时间：%1（单核的 %2 %）。</translation>
    </message>
    <message>
        <source>Not counted: %1.</source>
        <translation>未计数：%1。</translation>
    </message>
    <message>
        <source>No GPU memory was used: no process of the command opened the NVIDIA UVM driver (%1 seen).</source>
        <translation>没有使用设备内存：命令的进程都没有打开 NVIDIA UVM 驱动（共看到 %1）。</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>pid</source>
        <translation>进程号</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>计数方式</translation>
    </message>
    <message>
        <source>to device</source>
        <translation>到设备</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>到主机</translation>
    </message>
    <message>
        <source>CPU faults</source>
        <translation>CPU 缺页</translation>
    </message>
    <message>
        <source>GPU faults</source>
        <translation>GPU 缺页</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>Not on the GPU: %1 more of the command.</source>
        <translation>未使用 GPU：该命令的另外 %1。</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>%1: migrated by cause (the driver&apos;s records): %2%3</source>
        <translation>%1：按原因统计的迁移（驱动的记录）：%2%3</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>; the driver dropped %1 records: at least these</source>
        <translation>；驱动丢弃了 %1 条记录：至少是这些</translation>
    </message>
    <message>
        <source>Intervals of %1 in which pages moved:</source>
        <translation>有页面迁移的间隔（每个 %1）：</translation>
    </message>
    <message>
        <source>until</source>
        <translation>截至</translation>
    </message>
    <message>
        <source>… and %1 more (every interval is in --csv).</source>
        <translation>……还有 %1 个（所有间隔见 --csv）。</translation>
    </message>
    <message>
        <source>Routes (its CUDA calls, through CUPTI at %1):</source>
        <translation>共享方式（它的 CUDA 调用，经由位于 %1 的 CUPTI）：</translation>
    </message>
    <message>
        <source>Routes: no CUDA memory call was seen.</source>
        <translation>共享方式：没有看到 CUDA 内存调用。</translation>
    </message>
    <message>
        <source>Routes not reported: %1.</source>
        <translation>共享方式未报告：%1。</translation>
    </message>
</context>
<context>
    <name>WindowArguments</name>
    <message>
        <source>cannot save a screenshot as &apos;%1&apos;: its extension names no image format this program can write; accepted: %2</source>
        <translation>无法把截图保存为“%1”：其扩展名不是本程序能写出的图像格式；可用：%2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>sharescope: no display here for the window; the commands above work without one.</source>
        <translation>sharescope：此处没有可供窗口使用的显示器；上面的命令无需显示器即可使用。</translation>
    </message>
    <message>
        <source>sharescope: there is no display for the window (DISPLAY and WAYLAND_DISPLAY are unset); set QT_QPA_PLATFORM=offscreen to run it without one (for --screenshot)</source>
        <translation>sharescope：没有可供窗口使用的显示器（DISPLAY 和 WAYLAND_DISPLAY 均未设置）；设置 QT_QPA_PLATFORM=offscreen 即可在没有显示器时运行（用于 --screenshot）</translation>
    </message>
    <message>
        <source>sharescope: no font that draws Chinese is installed (scripts/setup.sh installs one: fonts-wqy-microhei)</source>
        <translation>sharescope：没有安装能显示中文的字体（scripts/setup.sh 会安装 fonts-wqy-microhei）</translation>
    </message>
    <message>
        <source>the window cannot open here: no Qt platform plugin could start (QT_QPA_PLATFORM=%1, DISPLAY=%2; plugins found: %3). Set QT_QPA_PLATFORM=offscreen to run it without a display (for --screenshot).</source>
        <translation>窗口无法在此打开：没有 Qt 平台插件能够启动（QT_QPA_PLATFORM=%1，DISPLAY=%2；找到的插件：%3）。设置 QT_QPA_PLATFORM=offscreen 可在没有显示器时运行（用于 --screenshot）。</translation>
    </message>
    <message>
        <source>cannot make a %1 image of the window: %2</source>
        <translation>无法生成窗口的 %1 图像：%2</translation>
    </message>
    <message>
        <source>no device %1 here</source>
        <translation>这里没有设备 %1</translation>
    </message>
    <message>
        <source>mode %1 is not available on this device</source>
        <translation>此设备上没有模式 %1</translation>
    </message>
    <message>
        <source>the %1 demo cannot run on this device</source>
        <translation>%1 演示无法在此设备上运行</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a ShareScope report: %2</source>
        <translation>“%1”不是 ShareScope 报告：%2</translation>
    </message>
    <message>
        <source>no peer %1 here</source>
        <translation>这里没有对等 GPU %1</translation>
    </message>
    <message>
        <source>note: %1 says what %2 does in memory; %3 shows it measured on an NVIDIA H200.</source>
        <translation>注意：%1 讲解 %2 在内存中做了什么；%3 展示它在 NVIDIA H200 上的实测结果。</translation>
    </message>
    <message>
        <source>note: %1 says what %2 does in memory.</source>
        <translation>注意：%1 讲解 %2 在内存中做了什么。</translation>
    </message>
    <message>
        <source>sharescope: this build of ShareScope has no window (it was built without Qt Widgets, as the Python package is); every other command works without one.</source>
        <translation>sharescope：这个 ShareScope 构建没有窗口（它在构建时不含 Qt Widgets，Python 包就是这样构建的）；其他所有命令无需窗口即可使用。</translation>
    </message>
</context>
<context>
    <name>sharescope::AboutDialog</name>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>About ShareScope</source>
        <translation>关于 ShareScope</translation>
    </message>
    <message>
        <source>See how a CPU and a GPU share memory.</source>
        <translation>看 CPU 与 GPU 如何共享内存。</translation>
    </message>
    <message>
        <source>Version:</source>
        <translation>版本：</translation>
    </message>
    <message>
        <source>Commit:</source>
        <translation>提交：</translation>
    </message>
    <message>
        <source>Qt:</source>
        <translation>Qt：</translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation>%1（构建时为 %2）</translation>
    </message>
    <message>
        <source>%1, linked in</source>
        <translation>%1，已静态链接</translation>
    </message>
    <message>
        <source>not built in (no CUDA toolkit at build time)</source>
        <translation>未内置（构建时没有 CUDA 工具包）</translation>
    </message>
    <message>
        <source>CUDA runtime:</source>
        <translation>CUDA 运行时：</translation>
    </message>
    <message>
        <source>CUDA driver:</source>
        <translation>CUDA 驱动：</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no NVIDIA GPU with a driver found</source>
        <translation>未找到装有驱动的 NVIDIA GPU</translation>
    </message>
    <message>
        <source>OpenCL platforms:</source>
        <translation>OpenCL 平台：</translation>
    </message>
    <message>
        <source>Built:</source>
        <translation>构建：</translation>
    </message>
    <message>
        <source>ShareScope is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or (at your option) any later version (%1). It comes with ABSOLUTELY NO WARRANTY. It uses Qt (LGPL-3.0) and QCustomPlot (GPL-3.0).</source>
        <translation>ShareScope 是自由软件：你可以按照 GNU 通用公共许可证第 3 版或（由你选择）任何更新版本（%1）的条款重新分发和/或修改它。它不提供任何担保。它使用 Qt（LGPL-3.0）和 QCustomPlot（GPL-3.0）。</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>sharescope::BufferModel</name>
    <message>
        <source>Differs from the CPU reference</source>
        <translation>与 CPU 参考结果不同</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>预期值</translation>
    </message>
</context>
<context>
    <name>sharescope::BuffersTab</name>
    <message>
        <source>Numbers</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <source>Go to index…</source>
        <translation>转到索引…</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Show as</source>
        <translation>显示为</translation>
    </message>
    <message>
        <source>After a run, its buffers can be read here.</source>
        <translation>运行之后，可在此读取其缓冲区。</translation>
    </message>
    <message>
        <source>This report was opened from a file: the buffers of %1 are not here to read. Run it again to inspect them.</source>
        <translation>此报告是从文件打开的：%1 的缓冲区不在此处，无法读取。重新运行即可查看。</translation>
    </message>
    <message>
        <source>%1: %2 elements of %3, read from the device as you scroll; cells that differ from the CPU reference are highlighted.</source>
        <translation>%1：%2 个 %3 元素，随滚动从设备读取；与 CPU 参考结果不同的单元格会高亮显示。</translation>
    </message>
    <message>
        <source> Managed memory: reading it here moves its pages to the host, as any CPU access would.</source>
        <translation>托管内存：在此读取会把其页面迁移到主机，与任何 CPU 访问一样。</translation>
    </message>
    <message>
        <source> The table shows the first %1 elements.</source>
        <translation>表格只显示前 %1 个元素。</translation>
    </message>
    <message>
        <source>An index from 0 to %1</source>
        <translation>0 到 %1 之间的索引</translation>
    </message>
    <message>
        <source>A comparison frees each mode&apos;s buffers when its run ends: the buffers of %1 are not here to read. Run it alone to inspect them.</source>
        <translation>比较在每种模式运行结束时就释放了它的缓冲区：这里无法读取 %1 的缓冲区。单独运行它即可查看。</translation>
    </message>
</context>
<context>
    <name>sharescope::CalibrationDialog</name>
    <message>
        <source>Calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>Measuring the ceilings of %1: pinned copies each way, device memory and host memory. This takes a few seconds to a minute.</source>
        <translation>正在测量 %1 的上限：双向的锁页内存拷贝、设备内存和主机内存。需要几秒钟到一分钟。</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>The ceilings of %1 (%2): the best this machine reached on each path, next to what the specification allows. Runs on this device now show each phase as a share of both.</source>
        <translation>%1（%2）的上限：本机在每条路径上达到的最好成绩，以及规格所允许的值。此后在该设备上的运行会把每个阶段显示为占这两者的比例。</translation>
    </message>
    <message>
        <source>%1 — measured: %2; specification: %3</source>
        <translation>%1 — 实测：%2；规格：%3</translation>
    </message>
    <message>
        <source>%1 skipped: %2</source>
        <translation>已跳过 %1：%2</translation>
    </message>
</context>
<context>
    <name>sharescope::CalibrationModel</name>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>no specification</source>
        <translation>无规格</translation>
    </message>
    <message>
        <source>no ceiling</source>
        <extracomment>No ceiling is known for this path (not calibrated, no specification): 上限未知, never 无上限 (&quot;unlimited&quot;).</extracomment>
        <translation>上限未知</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Measured ceiling</source>
        <translation>实测上限</translation>
    </message>
    <message>
        <source>Specification</source>
        <translation>规格</translation>
    </message>
    <message>
        <source>Measured of spec</source>
        <translation>实测占规格</translation>
    </message>
</context>
<context>
    <name>sharescope::CompareChart</name>
    <message>
        <source>Median time per phase (ms, log scale)</source>
        <translation>各阶段时间的中位数（ms，对数坐标）</translation>
    </message>
    <message>
        <source>Sharing mode</source>
        <translation>共享模式</translation>
    </message>
    <message>
        <source>Compare all modes to see them side by side</source>
        <translation>比较所有模式，即可并列查看</translation>
    </message>
    <message>
        <source>Median ms (log)</source>
        <translation>中位数 ms（对数）</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
</context>
<context>
    <name>sharescope::CompareModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>NO</source>
        <translation>否！</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <source>Migrated</source>
        <translation>已迁移</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>缺页</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>⚠ measurement problem</source>
        <translation>！测量问题</translation>
    </message>
    <message>
        <source>⚠ problem</source>
        <translation>！问题</translation>
    </message>
    <message>
        <source>The kernel&apos;s bandwidth on its most loaded path as a share of the best this machine reached there (Run → Calibrate…)</source>
        <translation>内核在其负载最重的路径上的带宽，占本机在该路径上达到的最好成绩的比例（运行 → 校准…）</translation>
    </message>
    <message>
        <source>The kernel&apos;s bandwidth on its most loaded path as a share of what the hardware&apos;s specification allows; more than 5% above it is a measurement problem, not a result</source>
        <translation>内核在其负载最重的路径上的带宽，占硬件规格所允许值的比例；超出规格 5% 以上即为测量问题，而不是结果</translation>
    </message>
    <message>
        <source>Kernel
bandwidth</source>
        <translation>内核
带宽</translation>
    </message>
    <message>
        <source>Of
measured</source>
        <extracomment>A column header: the kernel&apos;s bandwidth as a share of the measured ceiling (上限). A line break may only fall between words: 占实测 fits on one line.</extracomment>
        <translation>占实测</translation>
    </message>
    <message>
        <source>Of
spec</source>
        <extracomment>A column header: the share of the specification&apos;s ceiling. 占规格 fits on one line.</extracomment>
        <translation>占规格</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已拷贝</translation>
    </message>
    <message>
        <source>Byte budget: %1</source>
        <translation>字节预算：%1</translation>
    </message>
    <message>
        <source>✓: within the byte budget of the mode&apos;s design in every phase; ✕: over it (the cell&apos;s tooltip says by how much, and the budget)</source>
        <translation>✓：每个阶段都在该模式设计的字节预算之内；✕：超出预算（单元格的提示说明超出多少，以及预算本身）</translation>
    </message>
    <message>
        <source>%1 read and written in %2 on the device&apos;s own clock (the Kernel column&apos;s host time: %3)</source>
        <translation>在设备自身时钟上用 %2 读写了 %1（“内核”一列的主机时间：%3）</translation>
    </message>
    <message>
        <source>%1 read and written in %2 of host time (the device timed no work of its own here)</source>
        <translation>用 %2 主机时间读写了 %1（设备在这里没有为自己的工作计时）</translation>
    </message>
    <message>
        <source>Bytes the kernel read and wrote / the kernel&apos;s time on the device&apos;s own clock (CUDA or OpenCL events) where the device timed it, else its host time; the Kernel column holds the host time</source>
        <translation>内核读写的字节数 / 内核在设备自身时钟上的用时（CUDA 或 OpenCL 事件，有计时时），否则用主机时间；“内核”一列是主机时间</translation>
    </message>
</context>
<context>
    <name>sharescope::CompareTab</name>
    <message>
        <source>Compare all modes runs the experiment on screen in every mode of the device.</source>
        <translation>“比较所有模式”会按界面上的设置，在该设备的每种模式下运行实验。</translation>
    </message>
    <message>
        <source>Lesson</source>
        <extracomment>The fold of the guided demo&apos;s lesson above the Compare chart.</extracomment>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Fold the lesson to this line, or unfold it; drag the line below it to resize it</source>
        <translation>把讲解折叠成这一行，或展开它；拖动它下方的分隔线可调整大小</translation>
    </message>
    <message>
        <source>%1 · %2 per buffer · %3 (%4) · median host time per phase</source>
        <translation>%1 · 每个缓冲区 %2 · %3（%4）· 各阶段主机时间的中位数</translation>
    </message>
    <message>
        <source>Click a column to sort; double-click a mode for its run in Timeline and Migration.</source>
        <translation>单击列标题可排序；双击某个模式，可在“时间线”和“迁移”中查看它的运行。</translation>
    </message>
    <message>
        <source>%1 not run here</source>
        <translation>%1没有在此运行</translation>
    </message>
    <message>
        <source>one mode</source>
        <translation>一种模式</translation>
    </message>
    <message>
        <source>%1 modes</source>
        <translation>%1 种模式</translation>
    </message>
    <message>
        <source>notes</source>
        <extracomment>A link that shows the Compare tab&apos;s notes (modes not run, the GPU clock, how to sort).</extracomment>
        <translation>说明</translation>
    </message>
    <message>
        <source>%1; notes</source>
        <translation>%1；说明</translation>
    </message>
</context>
<context>
    <name>sharescope::CountersModel</name>
    <message>
        <source>The driver does not report this counter here.</source>
        <translation>驱动在此不报告该计数器。</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>The bytes in the migration records (the driver&apos;s event queue, or CUPTI&apos;s) against the bytes the driver itself counted.</source>
        <translation>迁移记录（驱动的事件队列或 CUPTI）中的字节数与驱动自身计数的字节数之比。</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>记录占比</translation>
    </message>
</context>
<context>
    <name>sharescope::DemoFlow</name>
    <message>
        <source>A run is in progress: wait for it, or cancel it (Esc), first.</source>
        <translation>正在运行：请先等它结束，或取消它（Esc）。</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>正在运行 %1…</translation>
    </message>
    <message>
        <source>This device cannot run the demo (%1). Here is what it showed on a real GPU.</source>
        <translation>此设备无法运行该演示（%1）。以下是它在真实 GPU 上的结果。</translation>
    </message>
    <message>
        <source>Choose another device in the Experiment panel, where there is one.</source>
        <translation>如果有其他设备，请在“实验”面板中选择。</translation>
    </message>
    <message>
        <source>The demo did not finish: %1</source>
        <translation>演示未完成：%1</translation>
    </message>
    <message>
        <source>The demo was cancelled.</source>
        <translation>演示已取消。</translation>
    </message>
</context>
<context>
    <name>sharescope::DoctorDialog</name>
    <message>
        <source>Check &amp;again</source>
        <translation>再次检查(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Save as JSON…</source>
        <translation>另存为 JSON(&amp;S)…</translation>
    </message>
    <message>
        <source>Check this machine</source>
        <translation>检查本机</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>What was found</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Checking this machine: its files, NVML and CUDA, then copies that measure what they suspect. This takes about ten seconds with a GPU.</source>
        <translation>正在检查本机：先读系统文件、NVML 和 CUDA，再用拷贝测量可疑之处。有 GPU 时大约需要十秒。</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>怎么办：</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>Read more: %1</source>
        <translation>详细说明：%1</translation>
    </message>
    <message>
        <source>Run the lesson: %1</source>
        <translation>运行课程：%1</translation>
    </message>
    <message>
        <source>Explain: %1</source>
        <translation>讲解：%1</translation>
    </message>
    <message>
        <source>Back to the check</source>
        <translation>返回检查结果</translation>
    </message>
    <message>
        <source>Save the machine check</source>
        <translation>保存本机检查结果</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Saved in %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
</context>
<context>
    <name>sharescope::ExampleBanner</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Example: %1. %2</source>
        <translation>示例：%1。%2</translation>
    </message>
</context>
<context>
    <name>sharescope::ExperimentPanel</name>
    <message>
        <source>Unified-memory counters (CUDA)</source>
        <translation>统一内存计数器（CUDA）</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Compare all modes</source>
        <translation>比较所有模式</translation>
    </message>
    <message>
        <source>Size sweep</source>
        <translation>大小扫描</translation>
    </message>
    <message>
        <source>Distance between the elements the stride kernel touches</source>
        <translation>stride 内核所访问的相邻元素之间的距离</translation>
    </message>
    <message>
        <source>FROM:TO (doubling), FROM:TO:xN or S,S,...</source>
        <translation>FROM:TO（逐次翻倍）、FROM:TO:xN 或 S,S,...</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Stride</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Advice</source>
        <extracomment>cudaMemAdvise&apos;s advice for managed-advise: 建议 (not 提示).</extracomment>
        <translation>建议</translation>
    </message>
    <message>
        <source>Size per buffer</source>
        <translation>每个缓冲区大小</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Sweep sizes</source>
        <translation>扫描大小</translation>
    </message>
    <message>
        <source>Sharing mode</source>
        <translation>共享模式</translation>
    </message>
    <message>
        <source>No device</source>
        <translation>无设备</translation>
    </message>
    <message>
        <source>Not supported on this device: %1</source>
        <translation>此设备不支持：%1</translation>
    </message>
    <message>
        <source>%1 (not supported)</source>
        <translation>%1（不支持）</translation>
    </message>
    <message>
        <source>No device to run on.</source>
        <translation>没有可运行的设备。</translation>
    </message>
    <message>
        <source>Choose a sharing mode this device supports.</source>
        <translation>请选择此设备支持的共享模式。</translation>
    </message>
    <message>
        <source>stride: %1</source>
        <translation>步长：%1</translation>
    </message>
    <message>
        <source>Write-combined host memory</source>
        <translation>写合并的主机内存</translation>
    </message>
    <message>
        <source>pinned and zero-copy: cudaHostAllocWriteCombined. The GPU reads such memory faster over the bus; the CPU reads it uncached, slowly (see host-read).</source>
        <translation>pinned 和 zero-copy：cudaHostAllocWriteCombined。GPU 经由总线读取这种内存更快；CPU 不经缓存读取它，很慢（见 host-read）。</translation>
    </message>
    <message>
        <source>Host threads</source>
        <translation>主机线程</translation>
    </message>
    <message>
        <source>Default stream</source>
        <translation>默认流</translation>
    </message>
    <message>
        <source>CUDA: the stream the host threads put their work on. legacy: the one default stream they all share, so their work serialises; per-thread: each thread&apos;s own default stream, so their work can overlap</source>
        <translation>CUDA：主机线程提交工作所用的流。legacy：所有线程共用的那一个默认流，它们的工作因此串行；per-thread：每个线程自己的默认流，它们的工作可以重叠</translation>
    </message>
    <message>
        <source>Host threads that share the GPU, each filling, moving, launching on and checking its slice of the buffers (every kernel; not the modes whose kernel runs in another process or on the peer); the Timeline shows a lane per thread.</source>
        <translation>共享 GPU 的主机线程，每个线程在自己那一段缓冲区上填充、拷贝、启动内核并检查（所有内核；内核在另一个进程或对端 GPU 上运行的模式除外）；时间线为每个线程显示一行。</translation>
    </message>
    <message>
        <source>More options</source>
        <extracomment>The panel&apos;s fold of the options few runs change (stride, rounds, advice, host threads, ...).</extracomment>
        <translation>更多选项</translation>
    </message>
    <message>
        <source>stride %1</source>
        <translation>步长 %1</translation>
    </message>
    <message>
        <source>rounds %1</source>
        <translation>轮数 %1</translation>
    </message>
    <message>
        <source>advice %1</source>
        <translation>建议 %1</translation>
    </message>
    <message>
        <source>write-combined</source>
        <translation>写合并</translation>
    </message>
    <message>
        <source>host threads %1</source>
        <translation>主机线程 %1</translation>
    </message>
    <message>
        <source>stream %1</source>
        <translation>流 %1</translation>
    </message>
    <message>
        <source>Set to the report shown: Run measures it again here.</source>
        <translation>已设为所显示报告的实验：“运行”会在本机上再测一次。</translation>
    </message>
    <message>
        <source>Set to the comparison shown: Compare all modes measures it again here.</source>
        <translation>已设为所显示比较的实验：“比较所有模式”会在本机上再测一次。</translation>
    </message>
    <message>
        <source>Set to the sweep shown: Size sweep measures it again here.</source>
        <translation>已设为所显示扫描的实验：“大小扫描”会在本机上再测一次。</translation>
    </message>
    <message>
        <source>The results shown were measured on %1. These settings are for the next run, here: %2.</source>
        <translation>所显示的结果是在 %1 上测得的。下面的设置用于在本机上的下一次运行：%2。</translation>
    </message>
    <message>
        <source>The results shown were measured on %1. These settings are for the next run, here.</source>
        <translation>所显示的结果是在 %1 上测得的。下面的设置用于在本机上的下一次运行。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A device and its name: cuda:0 (NVIDIA H200). In Chinese with full-width brackets.</extracomment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>sharescope::ExplainTab</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>The same on the command line:</source>
        <translation>对应的命令行：</translation>
    </message>
    <message>
        <source>No explanation for %1 yet.</source>
        <translation>暂无 %1 的讲解。</translation>
    </message>
    <message>
        <source>%1 modes</source>
        <translation>%1 模式</translation>
    </message>
    <message>
        <source>%1
This machine cannot run it: %2</source>
        <translation>%1
本机无法运行：%2</translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>This machine cannot run %1: %2. Its explanation and examples are here to read; the Run button stays off for it.</source>
        <translation>本机无法运行 %1：%2。它的讲解和示例仍可阅读；“运行”按钮对它保持禁用。</translation>
    </message>
    <message>
        <source>See it measured on an NVIDIA H200.</source>
        <extracomment>A link on the Explain tab to the report shipped with ShareScope.</extracomment>
        <translation>查看它在 NVIDIA H200 上的实测结果。</translation>
    </message>
</context>
<context>
    <name>sharescope::LessonPath</name>
    <message>
        <source>&amp;%1  %2</source>
        <extracomment>A Demos menu entry: its place on the lesson path (the &amp; makes it the menu&apos;s key), then the demo&apos;s title.</extracomment>
        <translation>&amp;%1  %2</translation>
    </message>
    <message>
        <source>Ask what you expect, run the %1 demo on the device on screen, then explain what it measured; checked once you have seen its lesson.</source>
        <translation>先说出你的预期，再在当前设备上运行 %1 演示，然后用实测结果讲解；看过它的讲解后会打勾。</translation>
    </message>
    <message>
        <source>Start the path again</source>
        <translation>重新开始学习路径</translation>
    </message>
    <message>
        <source>Forget which lessons were seen.</source>
        <translation>清除已看过的课程记录。</translation>
    </message>
    <message>
        <source>&amp;Next lesson: %1</source>
        <translation>下一课(&amp;N)：%1</translation>
    </message>
    <message>
        <source>&amp;Next lesson: every lesson seen</source>
        <translation>下一课(&amp;N)：所有课程都已看过</translation>
    </message>
</context>
<context>
    <name>sharescope::MainWindow</name>
    <message>
        <source>ShareScope</source>
        <translation>ShareScope</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Migration</source>
        <translation>迁移</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Started: %1</source>
        <translation>已开始：%1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open report…</source>
        <translation>打开报告(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a ShareScope report</source>
        <translation>打开 ShareScope 报告</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save report as…</source>
        <translation>报告另存为(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Export plot…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Compare &amp;all modes</source>
        <translation>比较所有模式(&amp;A)</translation>
    </message>
    <message>
        <source>Size &amp;sweep</source>
        <translation>大小扫描(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Demos</source>
        <translation>演示(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>ShareScope is in %1.</source>
        <translation>ShareScope 现在使用%1。</translation>
    </message>
    <message>
        <source>ShareScope will be in %1 the next time it starts.</source>
        <translation>ShareScope 将在下次启动时使用%1。</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Done: %1, verified %2</source>
        <translation>完成：%1，已验证：%2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>NO</source>
        <translation>否！</translation>
    </message>
    <message>
        <source>Compared %1 modes</source>
        <translation>已比较 %1 种模式</translation>
    </message>
    <message>
        <source>Sweep: %1 runs</source>
        <translation>扫描：%1 次运行</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
    <message>
        <source>%1 is not a report ShareScope can read:
%2</source>
        <translation>%1 不是 ShareScope 能读取的报告：
%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>JSON report (*.json);;CSV, one row per phase (*.csv)</source>
        <translation>JSON 报告 (*.json);;CSV，每个阶段一行 (*.csv)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>This tab has no plot to export</source>
        <translation>此标签页没有可导出的图表</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>No device to run on.</source>
        <translation>没有可运行的设备。</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>compare · %1</source>
        <translation>比较 · %1</translation>
    </message>
    <message>
        <source>sweep · %1</source>
        <translation>扫描 · %1</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ShareScope</source>
        <translation>关于 ShareScope(&amp;A)</translation>
    </message>
    <message>
        <source>Export &amp;trace…</source>
        <translation>导出跟踪(&amp;T)…</translation>
    </message>
    <message>
        <source>Write the results as a trace to open in ui.perfetto.dev or chrome://tracing.</source>
        <translation>将结果写成跟踪文件，可在 ui.perfetto.dev 或 chrome://tracing 中打开。</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>Trace Event Format, for ui.perfetto.dev or chrome://tracing (*.json)</source>
        <translation>Trace Event Format 跟踪文件，用于 ui.perfetto.dev 或 chrome://tracing (*.json)</translation>
    </message>
    <message>
        <source>the plot could not be drawn</source>
        <translation>无法绘制该图</translation>
    </message>
    <message>
        <source>Ca&amp;librate…</source>
        <translation>校准(&amp;L)…</translation>
    </message>
    <message>
        <source>Measure the ceilings of the device&apos;s paths, which runs then compare against.</source>
        <translation>测量该设备各数据路径的上限，供之后的运行对照。</translation>
    </message>
    <message>
        <source>Calibrated %1; runs now show each phase as a share of its ceilings (saved in %2)</source>
        <translation>已校准 %1；今后的运行会把每个阶段显示为其上限的百分比（保存在 %2）</translation>
    </message>
    <message>
        <source>Cancelled opening %1</source>
        <translation>已取消打开 %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>The calibration failed: %1</source>
        <translation>校准失败：%1</translation>
    </message>
    <message>
        <source>The calibration was cancelled; the cache keeps what it held before.</source>
        <translation>校准已取消；缓存保留原有内容。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Saved in %1, where `sharescope calibrate` keeps it too.</source>
        <translation>已保存在 %1，`sharescope calibrate` 也保存在这里。</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <source>Open a report measured on a real GPU and shipped with ShareScope.</source>
        <translation>打开随 ShareScope 附带、在真实 GPU 上测得的报告。</translation>
    </message>
    <message>
        <source>Opened the example %1: %2</source>
        <translation>已打开示例 %1：%2</translation>
    </message>
    <message>
        <source>Compared one mode</source>
        <translation>已比较 1 种模式</translation>
    </message>
    <message>
        <source>Timeline and Migration show %1 of the comparison</source>
        <translation>“时间线”和“迁移”显示比较中的 %1</translation>
    </message>
    <message>
        <source>Restart ShareScope</source>
        <translation>重新启动 ShareScope</translation>
    </message>
    <message>
        <source>Start ShareScope again, with the results shown, to use a device whose context was lost.</source>
        <translation>重新启动 ShareScope，并保留当前显示的结果，以便再次使用上下文已丢失的设备。</translation>
    </message>
    <message>
        <source>cannot create the folder &apos;%1&apos;</source>
        <translation>无法创建文件夹“%1”</translation>
    </message>
    <message>
        <source>Could not restart: %1</source>
        <translation>无法重新启动：%1</translation>
    </message>
    <message>
        <source>Could not start %1</source>
        <translation>无法启动 %1</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>compare · beside the Python routes</source>
        <translation>比较 · 与 Python 写法并列</translation>
    </message>
    <message>
        <source>The Python routes are running: wait for them, or stop them on the Python tab.</source>
        <translation>Python 写法正在运行：请等待它们结束，或在 Python 标签页中停止它们。</translation>
    </message>
    <message>
        <source>Only the modes %1 can run are compared; choose a device of the other kind for the rest.</source>
        <translation>只比较 %1 能运行的模式；其余的请选择另一类设备。</translation>
    </message>
    <message>
        <source>&amp;Getting started</source>
        <translation>入门(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>文档(&amp;D)</translation>
    </message>
    <message>
        <source>Getting started</source>
        <translation>入门</translation>
    </message>
    <message>
        <source>Start the next lesson</source>
        <translation>开始下一课</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>The documentation is not installed here. `sharescope COMMAND --help` and `man sharescope` describe the command line; the Explain tab, each mode.</source>
        <translation>这里没有安装文档。`sharescope COMMAND --help` 和 `man sharescope` 介绍命令行；“讲解”标签页介绍每种模式。</translation>
    </message>
    <message>
        <source>The documentation is on this computer, in %1: README.md first, then docs/window.md (this window), docs/demos.md (the lesson path) and docs/cli.md (the command line).</source>
        <translation>文档就在本机的 %1 中：先读 README.zh_CN.md，然后是 docs/window.md（本窗口）、docs/demos.md（学习路径）和 docs/cli.md（命令行）。</translation>
    </message>
    <message>
        <source>Open the folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>观察</translation>
    </message>
    <message>
        <source>Opened the watch %1</source>
        <translation>已打开观察报告 %1</translation>
    </message>
    <message>
        <source>The check failed: %1</source>
        <translation>检查失败：%1</translation>
    </message>
    <message>
        <source>The check was cancelled.</source>
        <translation>检查已取消。</translation>
    </message>
    <message>
        <source>ShareScope reports and watches (*.json);;All files (*)</source>
        <translation>ShareScope 报告和观察报告 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Check this machine…</source>
        <translation>检查本机(&amp;C)…</translation>
    </message>
    <message>
        <source>Find what makes sharing GPU memory fail or slow here, and measure it.</source>
        <translation>找出本机上让内存共享（进程之间、CPU 与 GPU 之间）失败或变慢的原因，并加以测量。</translation>
    </message>
    <message>
        <source>A job is running: wait for it, or cancel it, then check this machine.</source>
        <translation>有任务正在运行：请等它结束或取消它，再检查本机。</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>A program is being watched. Stop it (SIGINT, then SIGTERM) and quit when it has ended?</source>
        <translation>正在观察一个程序。要停止它（先 SIGINT，再 SIGTERM），并在它结束后退出吗？</translation>
    </message>
    <message>
        <source>Waiting for the watched program to end before quitting…</source>
        <translation>正在等待被观察的程序结束，然后退出…</translation>
    </message>
</context>
<context>
    <name>sharescope::MigrationChart</name>
    <message>
        <source>host → device</source>
        <translation>主机 → 设备</translation>
    </message>
    <message>
        <source>device → host</source>
        <translation>设备 → 主机</translation>
    </message>
    <message>
        <source>MiB per iteration (median)</source>
        <translation>每次迭代的 MiB（中位数）</translation>
    </message>
    <message>
        <source>No unified-memory counters for this run</source>
        <translation>此次运行没有统一内存计数器</translation>
    </message>
    <message>
        <source>Counters not reported: %1</source>
        <translation>计数器未报告：%1</translation>
    </message>
    <message>
        <source>Nothing migrated: every phase reported 0 bytes</source>
        <translation>没有迁移：每个阶段都报告 0 字节</translation>
    </message>
    <message>
        <source>MiB per iteration</source>
        <translation>每次迭代的 MiB</translation>
    </message>
</context>
<context>
    <name>sharescope::MigrationTab</name>
    <message>
        <source>Reconstructed from the migration records: CUDA has no call that says where a page is.</source>
        <translation>根据迁移记录重建：CUDA 没有查询页面所在位置的调用。</translation>
    </message>
    <message>
        <source>After phase</source>
        <translation>阶段结束后</translation>
    </message>
    <message>
        <source>Run a managed-memory mode on a CUDA device to see pages migrate.</source>
        <translation>在 CUDA 设备上运行托管内存模式，即可看到页面迁移。</translation>
    </message>
    <message>
        <source>iteration %1, %2</source>
        <translation>第 %1 次迭代，%2</translation>
    </message>
    <message>
        <source>Exact totals from the UVM driver&apos;s own counters, counted in a second pass of the same experiment with the counters on; the times on the Timeline are from the run without them.</source>
        <translation>精确总量来自 UVM 驱动自身的计数器，在开启计数器的第二次同样的实验中计数；时间线上的时间来自不开计数器的那次运行。</translation>
    </message>
    <message>
        <source>CUPTI&apos;s migration records hold %1% of the bytes the driver moved.</source>
        <translation>CUPTI 的迁移记录只包含驱动所迁移字节的 %1%。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Incomplete:&lt;/b&gt; %1 came back to the host from chunks no record had moved to the GPU: the driver dropped migration records. The counters are lower bounds.</source>
        <translation>&lt;b&gt;不完整：&lt;/b&gt;有 %1 从未被任何记录迁移到 GPU 的分块回到了主机：驱动丢弃了迁移记录。计数器只是下限。</translation>
    </message>
    <message>
        <source>From the pages the CPU holds (/proc/self/pagemap), read after every phase: on the host and partly are measured; a chunk the CPU does not hold is on the GPU once the GPU has touched it, untouched before, and on the host for the GPU under preferred-host advice.</source>
        <translation>依据每个阶段之后读取的 CPU 持有的页面（/proc/self/pagemap）：“在主机上”和“部分在主机上”是测得的；CPU 不持有的分块，在 GPU 访问过之后算作在 GPU 上，之前算作未被访问，在 preferred-host 建议下则是在主机上、映射给 GPU。</translation>
    </message>
    <message>
        <source>The device→device column comes from CUPTI&apos;s records alone: the driver counts no copies from GPU to GPU, so it is a lower bound.</source>
        <translation>device→device 一列只来自 CUPTI 的记录：驱动不统计 GPU 之间的拷贝，因此它是一个下限。</translation>
    </message>
    <message>
        <source>From the pages the CPU holds (/proc/self/pagemap), read after every phase: on the host and partly are measured; a chunk the CPU does not hold is on the GPU that last had it, as the run placed it: on the device after host-init&apos;s prefetch, on the peer once the peer&apos;s kernel touched it or a prefetch took it there.</source>
        <translation>来自每个阶段之后读取的 CPU 所持有的页面（/proc/self/pagemap）：“在主机上”和“部分在主机上”是测得的；CPU 不持有的块位于最后拥有它的 GPU 上，按本次运行的放置推断：host-init 预取之后在设备上，对等 GPU 的内核访问过它或预取把它移过去之后在对等 GPU 上。</translation>
    </message>
    <message>
        <source>on the device (%1)</source>
        <translation>在设备上（%1）</translation>
    </message>
    <message>
        <source>on the peer (%1)</source>
        <translation>在对等 GPU 上（%1）</translation>
    </message>
    <message>
        <source>The device→device column comes from the driver&apos;s own migration records, none of which it dropped: exact.</source>
        <translation>device→device 一列来自驱动自身的迁移记录，驱动没有丢弃任何一条：是精确值。</translation>
    </message>
    <message>
        <source>The device→device column comes from the driver&apos;s own migration records, some of which it dropped: a lower bound.</source>
        <translation>device→device 一列来自驱动自身的迁移记录，驱动丢弃了其中一部分：是下限。</translation>
    </message>
    <message>
        <source>The driver&apos;s own migration records (its event queue) hold %1% of the bytes it counted.</source>
        <translation>驱动自身的迁移记录（其事件队列）包含它所计数字节的 %1%。</translation>
    </message>
    <message>
        <source>Sums of the migration records (the driver&apos;s own counters are not reported here: %1).</source>
        <translation>迁移记录之和（这里没有驱动自身的计数器：%1）。</translation>
    </message>
    <message>
        <source>The device→device column is not reported: only migration records count it, and none were asked for (--records none).</source>
        <translation>device→device 一列未报告：只有迁移记录统计它，而这次没有要求记录（--records none）。</translation>
    </message>
    <message>
        <source>Why pages moved, per iteration: %1.</source>
        <translation>页面为什么迁移（每次迭代）：%1。</translation>
    </message>
</context>
<context>
    <name>sharescope::OpenProgress</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop opening this report</source>
        <translation>停止打开此报告</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
</context>
<context>
    <name>sharescope::PeerBox</name>
    <message>
        <source>Peer device</source>
        <translation>对等设备</translation>
    </message>
    <message>
        <source>Enable peer access first</source>
        <translation>先开启对等访问</translation>
    </message>
    <message>
        <source>peer-copy: with peer access the copies go straight over the link between the GPUs; without it the driver stages them through host memory</source>
        <translation>peer-copy：开启对等访问时，拷贝直接经由 GPU 之间的互连进行；不开启时，驱动让拷贝经由主机内存中转</translation>
    </message>
    <message>
        <source>%1 is the only CUDA device here</source>
        <translation>这里只有 %1 一块 CUDA 设备</translation>
    </message>
</context>
<context>
    <name>sharescope::PhaseModel</name>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Time (median)</source>
        <translation>时间（中位数）</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>How long the same phase took in the counted pass, which ran the experiment again with the unified-memory counters on: what the instruments cost.</source>
        <translation>同一阶段在计数运行（开启统一内存计数器再运行一次实验）中的用时：即插桩本身的代价。</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>计数运行</translation>
    </message>
    <message>
        <source>⚠ measurement problem</source>
        <translation>！测量问题</translation>
    </message>
    <message>
        <source>⚠ problem</source>
        <translation>！问题</translation>
    </message>
    <message>
        <source>The bandwidth on the phase&apos;s most loaded path as a share of the best this machine reached there (Run → Calibrate…). A working set that fits in a cache can pass 100%.</source>
        <translation>该阶段负载最重的路径上的带宽，占本机在该路径上达到的最好成绩的比例（运行 → 校准…）。能放进缓存的工作集可以超过 100%。</translation>
    </message>
    <message>
        <source>The bandwidth on the phase&apos;s most loaded path as a share of what the hardware&apos;s specification allows. More than 5% above it is a measurement problem, not a result.</source>
        <translation>该阶段负载最重的路径上的带宽，占硬件规格所允许值的比例。超出规格 5% 以上即为测量问题，而不是结果。</translation>
    </message>
    <message>
        <source>Of measured</source>
        <translation>占实测</translation>
    </message>
    <message>
        <source>Of spec</source>
        <translation>占规格</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已拷贝</translation>
    </message>
</context>
<context>
    <name>sharescope::ProcessWatchSource</name>
    <message>
        <source>cannot make a folder for the watch&apos;s files: %1</source>
        <translation>无法为观察的文件创建文件夹：%1</translation>
    </message>
    <message>
        <source>cannot start sharescope watch: %1</source>
        <translation>无法启动 sharescope watch：%1</translation>
    </message>
    <message>
        <source>the watch ended abnormally</source>
        <translation>观察异常结束</translation>
    </message>
    <message>
        <source>the watch ended with exit code %1 and wrote no report; its message is in the output below</source>
        <translation>观察以退出码 %1 结束，没有写出报告；它的消息在下面的输出中</translation>
    </message>
</context>
<context>
    <name>sharescope::PythonModel</name>
    <message>
        <source>route</source>
        <translation>写法</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>ShareScope</source>
        <translation>ShareScope</translation>
    </message>
    <message>
        <source>its time</source>
        <translation>它的用时</translation>
    </message>
    <message>
        <source>route / ShareScope</source>
        <translation>写法 / ShareScope</translation>
    </message>
    <message>
        <source>same memory</source>
        <translation>同一块内存</translation>
    </message>
    <message>
        <source>note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>compare ShareScope&apos;s modes to set them beside it</source>
        <translation>比较 ShareScope 的模式，把它们放在旁边</translation>
    </message>
</context>
<context>
    <name>sharescope::PythonTab</name>
    <message>
        <source>Run the routes</source>
        <translation>运行这些写法</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Compare ShareScope&apos;s modes</source>
        <translation>比较 ShareScope 的模式</translation>
    </message>
    <message>
        <source>python3 (none found on PATH)</source>
        <translation>python3（在 PATH 中没有找到）</translation>
    </message>
    <message>
        <source>Compare the modes beside the measured routes, with the scale kernel (one buffer, as the routes move) at the routes&apos; size</source>
        <translation>用 scale 内核（一个缓冲区，与写法搬运的相同）在写法的大小下比较测得写法旁边的模式</translation>
    </message>
    <message>
        <source>What you would write in CuPy, PyTorch, JAX, numba or pyopencl, run with your own Python at the size set on the left, each beside ShareScope&apos;s mode that moves the same data: the step&apos;s time (median after warm-up), the ratio, and whether both sides use the same memory.</source>
        <translation>你会用 CuPy、PyTorch、JAX、numba 或 pyopencl 写出的代码，用你自己的 Python 按左侧设定的大小运行，每条都与搬运同样数据的 ShareScope 模式并列：该步骤的用时（预热后的中位数）、比值，以及两边是否使用同一块内存。</translation>
    </message>
    <message>
        <source>Interpreter:</source>
        <translation>解释器：</translation>
    </message>
    <message>
        <source>%1 of %2 routes done…</source>
        <translation>%2 种写法中已完成 %1 种…</translation>
    </message>
    <message>
        <source>Running %1 routes at %2 per buffer with %3…</source>
        <translation>正在用 %3 运行 %1 种写法，每个缓冲区 %2…</translation>
    </message>
    <message>
        <source>no interpreter</source>
        <translation>没有解释器</translation>
    </message>
    <message>
        <source>Stopped: %1 routes measured.</source>
        <translation>已停止：测得 %1 种写法。</translation>
    </message>
    <message>
        <source>%1 of %2 routes measured; the others say why.</source>
        <translation>%2 种写法中测得 %1 种；其余的说明了原因。</translation>
    </message>
    <message>
        <source>ShareScope is running an experiment; run the routes when it is done.</source>
        <translation>ShareScope 正在运行一个实验；请在它结束后再运行这些写法。</translation>
    </message>
    <message>
        <source>No such executable: %1 (a path, or a name on PATH).</source>
        <translation>没有这个可执行文件：%1（应为路径，或 PATH 中的名字）。</translation>
    </message>
    <message>
        <source>Hand-offs (DLPack)</source>
        <translation>框架间传递（DLPack）</translation>
    </message>
    <message>
        <source>Hand each framework&apos;s device, pinned and managed arrays to each other framework (DLPack; __cuda_array_interface__ for numba): shared, copied or refused</source>
        <translation>把每个框架的设备、锁页和托管数组交给其他每个框架（DLPack；numba 用 __cuda_array_interface__）：共享、拷贝或拒绝</translation>
    </message>
    <message>
        <source>Handing arrays between frameworks with %1…</source>
        <translation>正在用 %1 在框架之间传递数组…</translation>
    </message>
    <message>
        <source>The hand-offs did not run: %1</source>
        <translation>传递没有运行：%1</translation>
    </message>
    <message>
        <source>Hand-offs between frameworks · %1; a cell&apos;s tooltip holds the consumer&apos;s message</source>
        <translation>框架之间的传递 · %1；单元格的提示中有接收方的消息</translation>
    </message>
    <message>
        <source>no framework found</source>
        <translation>没有找到任何框架</translation>
    </message>
    <message>
        <source>to %1</source>
        <translation>到 %1</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>The Python interpreter whose packages the routes use; empty: python3 on PATH. ShareScope installs nothing: a route whose package this interpreter lacks says so.</source>
        <translation>这些写法使用其软件包的 Python 解释器；留空表示 PATH 中的 python3。ShareScope 不安装任何东西：该解释器缺少软件包的写法会说明原因。</translation>
    </message>
    <message>
        <source>Run the routes to measure them here, with the packages your Python has (ShareScope installs none); a route whose package is missing says so. The same routes on an NVIDIA H200: docs/measurements.md, Key results (Help ▸ Documentation).</source>
        <translation>点击“运行这些写法”，用你的 Python 已有的软件包在这里测量它们（ShareScope 不安装任何软件包）；缺少软件包的写法会说明原因。同样的写法在 NVIDIA H200 上的结果：docs/measurements.md 的 Key results 一节（帮助 → 文档）。</translation>
    </message>
    <message>
        <source>Opened %1: %2 of %3 routes measured with %4 at %5 per buffer, each beside ShareScope&apos;s mode as measured then.</source>
        <translation>已打开 %1：用 %4、每个缓冲区 %5，%3 种写法中测得 %2 种，每种都与当时测得的 ShareScope 模式并列。</translation>
    </message>
</context>
<context>
    <name>sharescope::QuestionPanel</name>
    <message>
        <source>Run the demo</source>
        <translation>运行演示</translation>
    </message>
    <message>
        <source>Run without answering</source>
        <translation>不作答直接运行</translation>
    </message>
    <message>
        <source>Choose what you expect first; the lesson then sets the measured answer beside yours.</source>
        <translation>先选出你的预期；讲解会把实测答案和你的答案放在一起。</translation>
    </message>
    <message>
        <source>Before it runs, what do you expect?</source>
        <translation>运行之前，你预期会怎样？</translation>
    </message>
</context>
<context>
    <name>sharescope::RunController</name>
    <message>
        <source>calibrate · %1</source>
        <translation>校准 · %1</translation>
    </message>
    <message>
        <source>check this machine</source>
        <translation>检查本机</translation>
    </message>
</context>
<context>
    <name>sharescope::RunWorker</name>
    <message>
        <source>Opened %1 (%2)</source>
        <translation>已打开 %1（%2）</translation>
    </message>
    <message>
        <source>Could not read the buffer: %1</source>
        <translation>无法读取缓冲区：%1</translation>
    </message>
    <message>
        <source>%1 lost its context; ShareScope closed it and opened it again. The results shown are those of the last run that finished.</source>
        <translation>%1 的上下文已丢失；ShareScope 已将其关闭并重新打开。当前显示的是最后一次完成的运行的结果。</translation>
    </message>
    <message>
        <source>%1 lost its context and cannot be opened again in this process (%2): CUDA keeps such a context until the process ends. Restart ShareScope, in the File menu, starts it again with the results shown.</source>
        <translation>%1 的上下文已丢失，且无法在本进程中重新打开（%2）：CUDA 会保留这样的上下文直到进程结束。“文件”菜单中的“重新启动 ShareScope”会重新启动程序并保留当前显示的结果。</translation>
    </message>
</context>
<context>
    <name>sharescope::SweepPlot</name>
    <message>
        <source>Buffer size (log scale)</source>
        <translation>缓冲区大小（对数坐标）</translation>
    </message>
    <message>
        <source>%1 bandwidth (GB/s, log scale)</source>
        <translation>%1 带宽（GB/s，对数坐标）</translation>
    </message>
    <message>
        <source>Run a size sweep to see bandwidth against size</source>
        <translation>运行大小扫描，即可查看带宽随大小的变化</translation>
    </message>
    <message>
        <source>No %1 bandwidth: that phase moved nothing</source>
        <translation>无 %1 带宽：该阶段未传输数据</translation>
    </message>
    <message>
        <source>%1 GB/s (log)</source>
        <translation>%1 GB/s（对数）</translation>
    </message>
</context>
<context>
    <name>sharescope::SweepTab</name>
    <message>
        <source>Bandwidth of</source>
        <translation>显示带宽的阶段</translation>
    </message>
</context>
<context>
    <name>sharescope::TimelinePlot</name>
    <message>
        <source>Time since the iteration began (ms, host clock)</source>
        <translation>自迭代开始的时间（ms，主机时钟）</translation>
    </message>
    <message>
        <source>warm-up %1</source>
        <translation>预热 %1</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>Run an experiment to see its phases</source>
        <translation>运行实验，即可查看其各阶段</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;time %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;时间 %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;device time %1</source>
        <translation>&lt;br&gt;设备时间 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;bandwidth %1</source>
        <translation>&lt;br&gt;带宽 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;copied %1</source>
        <translation>&lt;br&gt;已拷贝 %1</translation>
    </message>
    <message>
        <source>&lt;br&gt;copied nothing</source>
        <translation>&lt;br&gt;未拷贝任何数据</translation>
    </message>
    <message>
        <source>Iteration (and host thread)</source>
        <translation>迭代（及主机线程）</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, host thread %2 of %3&lt;br&gt;its slice took %4, from %5 into the phase</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，主机线程 %2/%3&lt;br&gt;它那一段用时 %4，从阶段开始后 %5 起</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间（ms）</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>迭代</translation>
    </message>
</context>
<context>
    <name>sharescope::TimelineTab</name>
    <message>
        <source>Choose a device and a mode, then Run (Ctrl+R).</source>
        <translation>选择设备和模式，然后点击“运行”（Ctrl+R）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2 · %3 per buffer · %4 (%5) · %6 iterations after %7 warm-up · verified: %8</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2 · 每个缓冲区 %3 · %4（%5）· %7 次预热后 %6 次迭代 · 已验证：%8</translation>
    </message>
    <message>
        <source>yes, %1 elements</source>
        <translation>是，%1 个元素</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;NO, %1 wrong&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;否！%1 个错误&lt;/span&gt;</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>！%1</translation>
    </message>
    <message>
        <source>This report has no ceilings: it was written before ShareScope held phases against them.</source>
        <translation>这份报告不含上限数据（上限未知）：它写于 ShareScope 将各阶段与上限对照之前。</translation>
    </message>
    <message>
        <source>No calibration of this device yet: Run → Calibrate… measures its ceilings, for the Of measured column.</source>
        <translation>该设备尚未校准：运行 → 校准… 会测量它的上限，供“占实测”一列使用。</translation>
    </message>
    <message>
        <source>GPU clock: %1</source>
        <translation>GPU 时钟：%1</translation>
    </message>
</context>
<context>
    <name>sharescope::WatchProcessModel</name>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>pid</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>计数方式</translation>
    </message>
    <message>
        <source>to device</source>
        <translation>到设备</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>到主机</translation>
    </message>
    <message>
        <source>CPU faults</source>
        <translation>CPU 缺页</translation>
    </message>
    <message>
        <source>GPU faults</source>
        <translation>GPU 缺页</translation>
    </message>
    <message>
        <source>note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source> (ended)</source>
        <translation>（已结束）</translation>
    </message>
</context>
<context>
    <name>sharescope::WatchTab</name>
    <message>
        <source>Script…</source>
        <translation>脚本…</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>python3 your_script.py (any command)</source>
        <translation>python3 your_script.py（任何命令）</translation>
    </message>
    <message>
        <source>The program to watch, as you would type it in a shell; the Script… button picks a Python script for your python3.</source>
        <translation>要观察的程序，写法与在 shell 中输入的一样；“脚本…”按钮为你的 python3 选择一个 Python 脚本。</translation>
    </message>
    <message>
        <source>Starts your program under `sharescope watch` and counts, per process, the pages it migrates each way, exactly, from the driver.</source>
        <translation>在 `sharescope watch` 下启动你的程序，按进程精确统计它在每个方向上迁移的页面，数据来自驱动。</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>MB/s migrated</source>
        <translation>迁移 MB/s</translation>
    </message>
    <message>
        <source>page faults/s</source>
        <translation>缺页次数/秒</translation>
    </message>
    <message>
        <source>The routes the program takes (its CUDA memory calls) appear here.</source>
        <translation>程序的共享方式（它的 CUDA 内存调用）显示在这里。</translation>
    </message>
    <message>
        <source>The program&apos;s output.</source>
        <translation>程序的输出。</translation>
    </message>
    <message>
        <source>A Python script to watch</source>
        <translation>要观察的 Python 脚本</translation>
    </message>
    <message>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Give a command to watch, such as: python3 train.py</source>
        <translation>请给出要观察的命令，例如：python3 train.py</translation>
    </message>
    <message>
        <source>Watching %1…</source>
        <translation>正在观察 %1…</translation>
    </message>
    <message>
        <source>Asking the program to end (SIGINT, then SIGTERM after a few seconds)…</source>
        <translation>正在请程序结束（先 SIGINT，几秒后再 SIGTERM）…</translation>
    </message>
    <message>
        <source>to device</source>
        <translation>到设备</translation>
    </message>
    <message>
        <source>to host</source>
        <translation>到主机</translation>
    </message>
    <message>
        <source>page faults (right axis)</source>
        <translation>缺页（右轴）</translation>
    </message>
    <message>
        <source>%1 to host</source>
        <translation>%1 到主机</translation>
    </message>
    <message>
        <source>%1 faults</source>
        <translation>%1 缺页</translation>
    </message>
    <message>
        <source>how `%1` works</source>
        <translation>`%1` 的原理</translation>
    </message>
    <message>
        <source>No CUDA memory call was seen.</source>
        <translation>没有看到 CUDA 内存调用。</translation>
    </message>
    <message>
        <source>Routes not reported: %1.</source>
        <translation>共享方式未报告：%1。</translation>
    </message>
    <message>
        <source>The watch did not finish: %1</source>
        <translation>观察没有完成：%1</translation>
    </message>
    <message>
        <source>Save the watch</source>
        <translation>保存观察</translation>
    </message>
    <message>
        <source>Watch report (*.json);;One row per sample (*.csv);;The plot (*.png)</source>
        <translation>观察报告 (*.json);;每个采样一行 (*.csv);;图表 (*.png)</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>the plot could not be drawn</source>
        <translation>无法绘制图表</translation>
    </message>
    <message>
        <source>How watching works</source>
        <translation>观察是怎样进行的</translation>
    </message>
    <message>
        <source>What the counters and the routes can and cannot see, and why a container or another user&apos;s process may refuse the watch</source>
        <translation>计数器和共享方式能看到什么、看不到什么，以及为什么容器或另一个用户的进程可能拒绝观察</translation>
    </message>
</context>
</TS>
