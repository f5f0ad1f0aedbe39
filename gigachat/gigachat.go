package gigachat

import (
	"github.com/toolparse/toolparse/internal/block"
	"github.com/toolparse/toolparse/internal/formatdef"
	"github.com/toolparse/toolparse/internal/prompt"
	"github.com/toolparse/toolparse/toolcall"
)

// The markers' texts.
const (
	// call3Text opens a GigaChat 3 call: the assistant's message ends and
	// a "function call" message begins.
	call3Text = sepText + "\n\nfunction call" + roleSepText + "\n"
	// call31Text opens a GigaChat 3.1 call, inside the assistant's message.
	call31Text  = "<|function_call|>"
	sepText     = "<|message_sep|>" // the end of a message
	roleSepText = "<|role_sep|>"    // the end of a message's role
	eosText     = "</s>"            // the end of the model's output
	bosText     = "<s>"
)

// The format's markers, keyed by these tokens.
const (
	call3 block.Token = iota
	call31
	messageSep
	eos
)

// table reads a call object after either call marker with the shared
// JSON reader, complete where the object closes; <|message_sep|> (unless
// a call follows it) and </s> end the turn.
var table = block.Format{
	TurnEnds: true,
	Kinds:    []block.Kind{block.JSONArray(block.NoToken, block.CallKeys)},
	Markers: []block.Marker{
		call3:      {Text: call3Text, Role: block.Opens},
		call31:     {Text: call31Text, Role: block.Opens},
		messageSep: {Text: sepText, EndsTurn: true},
		eos:        {Text: eosText, EndsTurn: true},
	},
}

// Format is GigaChat's format (GigaChat 3 and 3.1).
var Format toolcall.Format = formatdef.New(table.Named("gigachat"), methods, constraints)

// Reply writes a whole reply as GigaChat 3.1 writes one after its
// prompt: the content, the calls as RenderCalls writes them, then </s>.
// GigaChat does not reason: reasoning is left out.
func Reply(reasoning, content string, calls []toolcall.Call) (string, error) {
	return prompt.Reply{End: eosText, Render: RenderCalls}.Write(reasoning, content, calls)
}

func init() {
	toolcall.Describe(toolcall.Descriptor{
		Format:  Format,
		Reply:   Reply,
		Aliases: []string{"gigachat3", "gigachat3.1"},
		Profiles: []toolcall.Profile{
			{Name: Profile31, Models: []string{"gigachat3.1"},
				Template: []string{roleSepText, sepText, call31Text}},
			{Name: Profile3, Models: []string{"gigachat3 !gigachat3."},
				Template: []string{roleSepText, sepText, "'function call'", "!" + call31Text}},
		},
		EndOfTurn: []string{eosText, sepText},
	})
}
