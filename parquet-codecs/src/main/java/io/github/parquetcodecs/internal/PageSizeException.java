package io.github.parquetcodecs.internal;

import java.io.IOException;

/** A page that decodes to more bytes than the page header declares. */
public final class PageSizeException extends IOException {
    private static final long serialVersionUID = 1L;

    public PageSizeException(String message) {
        super(message);
    }
}
