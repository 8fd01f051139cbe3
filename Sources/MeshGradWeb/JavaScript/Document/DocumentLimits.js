// Twin of Sources/MeshGradDocument/DocumentLimits.swift (the limits the mesh reader needs).

/** The most vertices a document's meshes may have together. */
const documentLimitsVertices = 262144;
