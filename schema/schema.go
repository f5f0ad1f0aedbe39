// Package schema types a call's arguments by the requested tool's JSON
// Schema: it repairs what models get wrong (n="10" where an integer is
// wanted, tags="['a', 'b']" where an array is, unit="Celsius" for the enum
// value celsius), validates the result, and builds tools from Go structs.
//
// Coercion follows properties, items (and
// prefixItems and draft 4-7 tuple items), additionalProperties schemas,
// local $refs (to $defs, definitions or any JSON pointer in the schema),
// allOf, anyOf and oneOf, type lists, nullable, enum and const. A value that
// already satisfies its schema is left alone; otherwise anyOf/oneOf
// alternatives and type lists are tried in order and the first the value
// can be coerced into wins. The rules: numeric strings to integers and
// numbers (an integer's text is kept when it is JSON already); "true" and
// "false" in any case, and 1 and 0, to booleans; numbers and booleans to
// strings where a string is wanted; strings holding a Python or JSON list or
// dict literal to arrays and objects (parsed by the pythonic parser, never
// evaluated); a lone value to a one-item array, but only after every
// allowed type has been tried as a parse (the text of an object where an
// array or an object is allowed is the object), never for a text that
// starts a list but does not parse (it stays the model's text and fails
// validation), and never for the items of a list the model wrote; "None"
// and "null" to null
// where null is allowed; an enum value differing only in case (or written
// as the JSON text of a number or boolean in the enum) to the enum's value.
// Arguments the schema does not mention are kept, in the order written.
//
// Formats that write every value as text (Qwen3-Coder, GLM) read a value
// by TextValue first: where the property allows a string and other types
// (["string","object"], a nullable string), a text that is JSON of another
// allowed type is that value and a JSON string in quotes is the string
// inside, as vLLM, SGLang, Ollama and llama.cpp read it. A string that
// happens to be JSON is therefore typed; a schema that wants such text kept
// must allow only "string". The formats' grammars write these values the
// same way, so constrained output reads back as written.
//
// After coercion the arguments are validated with
// github.com/kaptinlin/jsonschema; each violation is a diagnostic of kind
// "schema" with its JSON pointer, and the call is still returned. Schemas are
// compiled once and cached process-wide, keyed by their bytes (at most
// MaxCached of them), so a gateway that sends the same tools with every
// request compiles them once; Of keeps a request's compiled schemas with
// the request's tool index, so that a call pays nothing proportional to
// its schema's size for finding it (the stream uses Of). Validation is
// bounded too: each call may spend what its arguments' size allows, plus
// what is left of its response's pool (ValidateBase, ValidatePerByte,
// ValidatePool); arguments over it are not validated, with a diagnostic.
// Nothing is ever fetched: the compiler has no
// loaders, and a schema with a $ref to anything but itself is a diagnostic
// and is not validated. A schema that is not valid JSON leaves the arguments
// as they are, with a diagnostic saying why.
//
// Schemas come from clients, so validating against one is bounded like
// everything else (see also the budget below):
//   - the estimate and the check of $ref cycles and fan-out read the
//     validator's own compiled tree, so they follow references exactly as
//     it does ($anchor names, percent-escaped pointers, $defs nested in a
//     subschema, which the validator looks in before the root's, $id
//     scopes); a $dynamicRef or $recursiveRef, whose target depends on the
//     path a value took, is not followed: such a schema is not validated;
//   - "format", "contentEncoding", "contentMediaType" and "contentSchema"
//     are annotations: no string is decoded or compiled as a value's format
//     or content (this library never asserts formats);
//   - a regular expression may compile to at most MaxPatternSize
//     instructions and a schema's together to MaxPatternsSize; matching is
//     charged per instruction per byte, and compiling again wherever the
//     validator compiles again (patternProperties, on every value its node
//     applies to);
//   - a number beyond what a float64 holds, in the arguments or the
//     schema, or longer than MaxNumberLength in the schema, is never given
//     to the validator's exact arithmetic: the call is not validated;
//   - one call's violations are reported within MaxViolations,
//     MaxViolationBytes and MaxViolationsBytes;
//   - a compiled schema is shared by every request that sends its bytes,
//     and the validator writes caches inside it as it validates: calls to
//     one schema are validated one at a time (calls to different schemas
//     in parallel).
package schema

import (
	"github.com/toolparse/toolparse/internal/schemacore"
	"github.com/toolparse/toolparse/toolcall"
)

// The types are defined in an internal package, so that the format
// packages and the internal machinery below them can read a request's
// schemas without importing this one; these are the same types under
// their public names, and their methods are documented where they are
// defined (go doc shows them under the internal package's path).
type (
	// Schema is one tool's schema, decoded and compiled: Of hands it out
	// once per request and tool, so that what a call asks of it costs
	// what the call's arguments use, not the schema's size. A nil *Schema
	// is a tool without a schema: every method then leaves arguments as
	// they are. Its methods: Coerce, CoerceWithin, Validate, Required,
	// IsRequired, Property, PropertyTypes, AllowsNull, TextValue, MayType,
	// TextTyped and NewPrefix.
	Schema = schemacore.Schema
	// Budget is what validation may still spend from one response's pool;
	// a stream keeps one for its calls, which are validated in the order
	// they come, so what is validated does not depend on how the text was
	// split. A nil *Budget gives each call a full pool of its own.
	Budget = schemacore.Budget
	// Prefix follows a call's arguments while their JSON text arrives and
	// tells how much of what Coerce will return for them is already
	// certain (Append), so that a stream can hand the arguments on in
	// pieces that concatenate to exactly Coerce's result. A nil or zero
	// Prefix is one for a tool without a schema.
	Prefix = schemacore.Prefix
)

// MaxCached is how many schemas the process-wide cache keeps; past it, or
// past MaxCachedBytes, the oldest are forgotten.
const MaxCached = schemacore.MaxCached

// MaxCachedBytes bounds the schema text the cache keeps, summed over its
// entries. A compiled schema holds about 20 to 30 times its text in memory,
// so the cache stays under about 256 MiB at worst.
const MaxCachedBytes = schemacore.MaxCachedBytes

// The limits on a schema the library will use, from the client's request.
// A larger or deeper one, one with a $ref cycle no value can end, or one
// that checks a value against more subschemas than MaxSchemaFanout through
// allOf/anyOf/oneOf/$ref is refused: the arguments are left as they are,
// with a "schema" diagnostic, and are not validated.
const (
	MaxSchemaBytes  = schemacore.MaxSchemaBytes
	MaxSchemaDepth  = schemacore.MaxSchemaDepth
	MaxSchemaFanout = schemacore.MaxSchemaFanout
)

// The bounds of one coercion: how deep it follows the schema into the
// value, and how many subschemas it may visit in all. Past either, the
// arguments are left as they were, with a diagnostic.
const (
	MaxCoerceDepth = schemacore.MaxCoerceDepth
	MaxCoerceSteps = schemacore.MaxCoerceSteps
)

// The validation budget. Validating one call's arguments may cost
// ValidateBase plus ValidatePerByte for each byte of the arguments' JSON,
// in units of about a nanosecond of the validator's time on one core, and
// beyond that what is left of its response's pool (a Budget, ValidatePool
// when new; a call validated without one has a pool of its own).
// Arguments whose estimated cost is over what they may spend go on
// unvalidated, with a "schema" diagnostic saying so.
const (
	ValidateBase    = schemacore.ValidateBase
	ValidatePerByte = schemacore.ValidatePerByte
	ValidatePool    = schemacore.ValidatePool
)

// The bounds on what one call's validation reports: at most MaxViolations
// violations, each at most MaxViolationBytes long (longer ones are cut,
// with "..."), at most MaxViolationsBytes in all; past them one last
// diagnostic counts the rest.
const (
	MaxViolations      = schemacore.MaxViolations
	MaxViolationBytes  = schemacore.MaxViolationBytes
	MaxViolationsBytes = schemacore.MaxViolationsBytes
)

// The bounds on what a client's schema asks the validator to do, beyond
// size, depth, cycles and fan-out. A schema that passes them is compiled;
// one that does not is still used for coercion, but its calls are not
// validated, with a "schema" diagnostic saying why.
const (
	// MaxPatternSize bounds one regular expression ("pattern", a
	// "patternProperties" key), in the instructions of its compiled
	// program.
	MaxPatternSize = schemacore.MaxPatternSize
	// MaxPatternsSize bounds all of a schema's regular expressions
	// together.
	MaxPatternsSize = schemacore.MaxPatternsSize
	// MaxNumberLength bounds the text of a number in a schema.
	MaxNumberLength = schemacore.MaxNumberLength
)

// Of returns the schema of the request's tool k, compiled once per
// indexed request (stream.New indexes its request; an unindexed one
// finds it in the process-wide cache on every call, which costs a hash of
// the schema's text). Nil for a tool without a schema, or k out of range.
func Of(req *toolcall.Request, k int) *Schema { return schemacore.Of(req, k) }

// For returns tool's schema, from the process-wide cache; nil when the tool
// has none.
func For(tool toolcall.Tool) *Schema { return schemacore.For(tool) }

// NewBudget returns a full pool, ValidatePool.
func NewBudget() *Budget { return schemacore.NewBudget() }

// Compiles returns how many schemas this process has compiled, for tests
// and metrics: it grows by one per distinct schema, not per request.
func Compiles() int64 { return schemacore.Compiles() }

// CachedBytes returns the schema text the process-wide cache holds.
func CachedBytes() int { return schemacore.CachedBytes() }
