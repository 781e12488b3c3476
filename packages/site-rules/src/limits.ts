/** Largest JSON body any operation takes (transports answer 413 above it). */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Largest upload that reaches the core, which answers 413 above its own limit (2 MB images). A
 * proxy in front (the generated nginx) lets twice this through, so that the API, not the proxy,
 * answers an oversize upload with its translated message.
 */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
