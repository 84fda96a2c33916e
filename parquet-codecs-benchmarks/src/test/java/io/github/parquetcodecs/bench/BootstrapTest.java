package io.github.parquetcodecs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BootstrapTest {
    @Test
    void aRatioIsTheMeanTimesRatioWithAnIntervalAroundIt() {
        // numerator 100 ms ± 10 %, denominator 110 ms ± 10 %: the numerator is 1.10 times as fast
        double[] numerator = {90, 100, 110, 95, 105};
        double[] denominator = {99, 110, 121, 104.5, 115.5};
        Bootstrap.Interval ratio = Bootstrap.ratio(numerator, denominator);
        assertEquals(1.10, ratio.estimate(), 1e-9);
        assertTrue(ratio.low() < 1.10 && ratio.high() > 1.10, ratio.toString());
        assertTrue(ratio.low() > 0.9 && ratio.high() < 1.35, ratio.toString());
        assertEquals(
                "1.10 (" + String.format(java.util.Locale.ROOT, "%.2f–%.2f", ratio.low(), ratio.high()) + ")",
                ratio.toString());
    }

    @Test
    void identicalJvmsGiveAPointInterval() {
        Bootstrap.Interval ratio = Bootstrap.ratio(new double[] {50, 50, 50}, new double[] {100, 100, 100});
        assertEquals(2.0, ratio.estimate(), 1e-12);
        assertEquals(2.0, ratio.low(), 1e-12);
        assertEquals(2.0, ratio.high(), 1e-12);
    }

    @Test
    void theGeometricMeanOfTwoCellsIsTheRootOfTheirProduct() {
        double[][] faster = {{50, 50}, {100, 100}}; // 2.0
        double[][] slower = {{100, 100}, {50, 50}}; // 0.5
        double[][] level = {{80, 80}, {160, 160}}; // 2.0
        assertEquals(1.0, Bootstrap.geometricMean(List.of(faster, slower)).estimate(), 1e-12);
        assertEquals(2.0, Bootstrap.geometricMean(List.of(faster, level)).estimate(), 1e-12);
    }

    @Test
    void theIntervalNarrowsWithMoreJvms() {
        double[] few = {90, 110, 100};
        double[] many = {90, 110, 100, 90, 110, 100, 90, 110, 100, 90, 110, 100};
        Bootstrap.Interval wide = Bootstrap.ratio(few, few);
        Bootstrap.Interval narrow = Bootstrap.ratio(many, many);
        assertTrue(narrow.high() - narrow.low() < wide.high() - wide.low(), wide + " vs " + narrow);
    }
}
