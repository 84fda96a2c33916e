import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler for {@code dev/upstream-check --bench}: the CPU time of the benchmark's JVM per operation, over each
 * iteration ({@code -prof CpuTimeProfiler}, secondary result {@code ·cpu}). On a machine shared with other builds a
 * throughput score measures how much of a core the run got as much as the code; CPU time per operation does not
 * depend on that share (it includes the GC and JIT threads, as a page's cost does).
 */
public class CpuTimeProfiler implements InternalProfiler {
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long start;

    @Override
    public String getDescription() {
        return "CPU time of the benchmark JVM per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        start = OS.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        long cpu = OS.getProcessCpuTime() - start;
        long ops = result.getMetadata().getAllOps();
        return List.of(new ScalarResult("cpu", cpu / 1e3 / Math.max(1, ops), "us/op", AggregationPolicy.AVG));
    }
}
