"""What a designer's browser sends back for an admin change page as rendered (the parent's
form and every inline with its management form), and where one inline row's field is in
it: the admin tests of every game edit a page this way."""
from __future__ import annotations


def form_data(response) -> dict:
    """The page's forms as the browser would post them unchanged."""
    data: dict = {}

    def put(form, prefix=""):
        for name in form.fields:
            value = form[name].value()
            if isinstance(value, bool):
                if value:
                    data[f"{prefix}{name}"] = "on"
            elif value is not None:
                data[f"{prefix}{name}"] = value
    put(response.context["adminform"].form)
    for inline in response.context["inline_admin_formsets"]:
        put(inline.formset.management_form, f"{inline.formset.prefix}-")
        for form in inline.formset.forms:
            put(form, f"{form.prefix}-")
    return data


def row_field(data: dict, inline: str, card_id: str, field: str) -> str:
    """The posted name of `field` on the row of inline `inline` (its prefix, e.g.
    "minion_cards") whose `card_id` is `card_id`."""
    prefix = next(k[:-len("-card_id")] for k, v in data.items()
                  if k.startswith(f"{inline}-") and k.endswith("-card_id") and v == card_id)
    return f"{prefix}-{field}"
