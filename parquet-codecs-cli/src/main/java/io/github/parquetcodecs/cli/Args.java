package io.github.parquetcodecs.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A small argument parser: flags ({@code --json}), options with one value ({@code --time 10s} or {@code --time=10s}),
 * repeatable options, and options that also take the following arguments for as long as they look like their values
 * ({@code --levels ZSTD=1,3 GZIP=9}). Everything else is positional. {@code --} ends the options.
 */
final class Args {
    private enum Kind {
        FLAG,
        VALUE,
        REPEATED,
        GREEDY
    }

    private static final class Spec {
        final Kind kind;
        final Predicate<String> continues;

        Spec(Kind kind, Predicate<String> continues) {
            this.kind = kind;
            this.continues = continues;
        }
    }

    private final String command;
    private final Map<String, Spec> specs = new LinkedHashMap<>();
    private final Map<String, List<String>> values = new LinkedHashMap<>();
    private final List<String> positional = new ArrayList<>();

    Args(String command) {
        this.command = command;
    }

    Args flag(String name) {
        specs.put(name, new Spec(Kind.FLAG, null));
        return this;
    }

    Args value(String name) {
        specs.put(name, new Spec(Kind.VALUE, null));
        return this;
    }

    Args repeated(String name) {
        specs.put(name, new Spec(Kind.REPEATED, null));
        return this;
    }

    /** An option whose value may be followed by more values, each accepted by {@code continues}. */
    Args greedy(String name, Predicate<String> continues) {
        specs.put(name, new Spec(Kind.GREEDY, continues));
        return this;
    }

    Args parse(List<String> args) {
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || !arg.startsWith("--") || arg.equals("-")) {
                if (!optionsEnded && arg.startsWith("-") && arg.length() > 1 && !arg.equals("-")) {
                    throw unknown(arg);
                }
                positional.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            String name = arg;
            String inline = null;
            int equals = arg.indexOf('=');
            if (equals > 0) {
                name = arg.substring(0, equals);
                inline = arg.substring(equals + 1);
            }
            Spec spec = specs.get(name);
            if (spec == null) {
                throw unknown(name);
            }
            List<String> list = values.computeIfAbsent(name, k -> new ArrayList<>());
            if (spec.kind == Kind.FLAG) {
                if (inline != null) {
                    throw CliException.usage(command + ": " + name + " takes no value");
                }
                list.add("true");
                continue;
            }
            String value = inline;
            if (value == null) {
                if (i + 1 >= args.size()) {
                    throw CliException.usage(command + ": " + name + " needs a value");
                }
                value = args.get(++i);
            }
            if (spec.kind == Kind.VALUE && !list.isEmpty()) {
                throw CliException.usage(command + ": " + name + " given twice");
            }
            list.add(value);
            if (spec.kind == Kind.GREEDY) {
                while (i + 1 < args.size() && spec.continues.test(args.get(i + 1))) {
                    list.add(args.get(++i));
                }
            }
        }
        return this;
    }

    private CliException unknown(String option) {
        return CliException.usage(command + ": unknown option " + option + " (see " + command + " --help)");
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    String get(String name) {
        List<String> list = values.get(name);
        return list == null ? null : list.get(0);
    }

    List<String> all(String name) {
        return values.getOrDefault(name, new ArrayList<>());
    }

    List<String> positional() {
        return positional;
    }
}
