// Twin of Sources/MeshGradDocument/DocumentError.swift.

/** A one-line Error, `keyPath: message` (the message alone for the whole document). */
function documentError(keyPath, message) {
    const error = new Error(keyPath === "" ? message : `${keyPath}: ${message}`);
    error.keyPath = keyPath;
    return error;
}
