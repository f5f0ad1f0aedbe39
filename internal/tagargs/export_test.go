package tagargs

// Trim is trim, for the tests.
var Trim = trim
