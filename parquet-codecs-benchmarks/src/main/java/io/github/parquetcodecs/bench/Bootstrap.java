package io.github.parquetcodecs.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Speed ratios of whole-file readers over JVMs, with 95 % percentile bootstrap intervals. One JVM gives one time (a
 * fork's mean over its measured iterations); the JVMs of a reader are its sample.
 *
 * <ul>
 *   <li>{@link #ratio}: the speed ratio of two readers on one cell, {@code mean(denominator times) / mean(numerator
 *       times)} (above 1: the numerator is faster); each resample draws each reader's JVMs with replacement.
 *   <li>{@link #geometricMean}: over cells, {@code exp(mean(log ratio))}; each resample redraws every cell's JVMs.
 * </ul>
 *
 * Resamples are drawn from a fixed seed, so a run's numbers reproduce from its JSON.
 */
final class Bootstrap {
    private Bootstrap() {}

    static final int RESAMPLES = 10_000;
    private static final long SEED = 42;

    /** An estimate and its 95 % interval. */
    record Interval(double estimate, double low, double high) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", estimate, low, high);
        }
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** The speed ratio of the reader timed {@code numerator} over the one timed {@code denominator}. */
    static Interval ratio(double[] numerator, double[] denominator) {
        return geometricMean(java.util.Collections.singletonList(new double[][] {numerator, denominator}));
    }

    /** The geometric mean of the cells' speed ratios; a cell is {numerator times, denominator times}. */
    static Interval geometricMean(List<double[][]> cells) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] resampled = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            double logs = 0;
            for (double[][] cell : cells) {
                logs += Math.log(resampledMean(cell[1], random) / resampledMean(cell[0], random));
            }
            resampled[i] = Math.exp(logs / cells.size());
        }
        Arrays.sort(resampled);
        double logs = 0;
        for (double[][] cell : cells) {
            logs += Math.log(mean(cell[1]) / mean(cell[0]));
        }
        return new Interval(
                Math.exp(logs / cells.size()),
                resampled[(int) (0.025 * RESAMPLES)],
                resampled[(int) Math.ceil(0.975 * RESAMPLES) - 1]);
    }

    private static double resampledMean(double[] values, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[random.nextInt(values.length)];
        }
        return sum / values.length;
    }
}
