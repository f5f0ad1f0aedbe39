package formatstest

import "github.com/toolparse/toolparse/toolcall"

// The two calls of the "tools" conversation of Conversations: the
// arguments as the chat templates write them (json.dumps's spacing), and
// the calls as a format reads them back.
const (
	NoteArgs  = `{"path": "notes/todo.txt", "text": "She said \"hi\"\nthen <b>left</b>"}`
	OrderArgs = `{"order_id": 42, "status": "shipped", "options": {"include_items": true, "fields": ["sku", "qty"], "max_price": 19.5}}`
)

// Note and Order are the calls whose arguments are NoteArgs and
// OrderArgs, compact.
var (
	Note  = toolcall.Call{Name: "write_note", Arguments: `{"path":"notes/todo.txt","text":"She said \"hi\"\nthen <b>left</b>"}`}
	Order = toolcall.Call{Name: "lookup_order", Arguments: `{"order_id":42,"status":"shipped","options":{"include_items":true,"fields":["sku","qty"],"max_price":19.5}}`}
)
