package llama3json_test

import (
	"testing"

	"github.com/toolparse/toolparse/formats/formatstest"
	"github.com/toolparse/toolparse/llama3json"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/stream/streamtest"
	"github.com/toolparse/toolparse/toolcall"
)

// TestProseStaysProse: links, tool listings and definitions, and calls
// shown after prose are content (formatstest.CheckProse).
func TestProseStaysProse(t *testing.T) {
	formatstest.CheckProse(t, llama3json.Format)
}

// TestFenceThatOpensTheResponseIsRead: a call object in a code fence that
// opens the response is a call, as ever; after prose, the same fence is an
// example: content, with a policy diagnostic.
func TestFenceThatOpensTheResponseIsRead(t *testing.T) {
	req := formatstest.WeatherTools()
	call := "```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n```"
	streamtest.Expect(t, llama3json.Format, req, call, "```json\n\n```", formatstest.Weather(`{"city":"Paris"}`))
	res := stream.Parse(llama3json.Format, "Like this:\n"+call, req)
	if len(res.Calls) != 0 || len(res.Diagnostics) != 1 || res.Diagnostics[0].Kind != toolcall.KindPolicy {
		t.Errorf("after prose: %+v, want no call and a policy diagnostic", res)
	}
}
