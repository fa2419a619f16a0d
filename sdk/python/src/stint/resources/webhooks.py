"""Webhooks (``/webhooks``), their deliveries, and checking the signature of a delivery."""

from __future__ import annotations

from typing import Dict, List, Literal, Mapping, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import Webhook, WebhookDelivery, WebhookEvent, WebhookWithSecret
from .. import webhook_signatures
from ..webhook_signatures import DEFAULT_TOLERANCE_SECONDS, RawBody
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

WebhookStatus = Literal["active", "disabled"]
DeliveryStatus = Literal["pending", "succeeded", "failed"]


def _list(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/webhooks", params=query(page=page, per_page=per_page))


def _create(url: str, events: List[str]) -> Call:
    return Call("POST", "/webhooks", json=body(url=url, events=events))


def _update(webhook_id: str, url: Union[str, NotGiven], events: Union[List[str], NotGiven], status: Union[WebhookStatus, NotGiven]) -> Call:
    return Call("PATCH", path("/webhooks/{}", webhook_id), json=body(url=url, events=events, status=status))


def _deliveries(webhook_id: str, status: Optional[DeliveryStatus], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", path("/webhooks/{}/deliveries", webhook_id), params=query(status=status, page=page, per_page=per_page))


class _Signatures:
    """``verify`` and ``sign`` need no connection: they are the functions of ``stint.webhook_signatures``."""

    @staticmethod
    def verify(
        raw_body: RawBody,
        headers: Mapping[str, str],
        secret: str,
        *,
        tolerance: float = DEFAULT_TOLERANCE_SECONDS,
        now: Optional[float] = None,
        allow_legacy_signature: bool = False,
    ) -> WebhookEvent:
        """Checks a delivery's Standard Webhooks signature and timestamp and returns its event: ``stint.webhook_signatures.verify``."""
        return webhook_signatures.verify(raw_body, headers, secret, tolerance=tolerance, now=now, allow_legacy_signature=allow_legacy_signature)

    @staticmethod
    def sign(raw_body: RawBody, secret: str, *, event_id: Optional[str] = None, event_type: Optional[str] = None, timestamp: Optional[int] = None) -> Dict[str, str]:
        """The headers Stint would send with this body, for a receiver's tests: ``stint.webhook_signatures.sign``."""
        return webhook_signatures.sign(raw_body, secret, event_id=event_id, event_type=event_type, timestamp=timestamp)


class Deliveries(SyncResource["DeliveriesWithRawResponse"]):
    def list(self, webhook_id: str, *, status: Optional[DeliveryStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[WebhookDelivery]:
        """A page of the webhook's deliveries, newest first, each with every attempt; iterate it for every one."""
        return self._page(_deliveries(webhook_id, status, page, per_page))

    def get(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        """One delivery with every attempt (status code, duration, error)."""
        return cast(WebhookDelivery, self._data(Call("GET", path("/webhooks/{}/deliveries/{}", webhook_id, delivery_id))))

    def redeliver(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        """Sends the delivery's event again, as a new delivery."""
        return cast(WebhookDelivery, self._data(Call("POST", path("/webhooks/{}/deliveries/{}/redeliver", webhook_id, delivery_id))))


class Webhooks(_Signatures, SyncResource["WebhooksWithRawResponse"]):
    @property
    def deliveries(self) -> Deliveries:
        """The webhook's deliveries."""
        return Deliveries(self._client)

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Webhook]:
        """A page of the organization's webhooks; iterate it for every one."""
        return self._page(_list(page, per_page))

    def create(self, url: str, events: List[str]) -> WebhookWithSecret:
        """A new subscription; ``secret`` in the answer signs its deliveries (shown here and on rotation only)."""
        return cast(WebhookWithSecret, self._data(_create(url, events)))

    def get(self, webhook_id: str) -> Webhook:
        """One webhook (without its secret)."""
        return cast(Webhook, self._data(Call("GET", path("/webhooks/{}", webhook_id))))

    def update(self, webhook_id: str, *, url: Union[str, NotGiven] = NOT_GIVEN, events: Union[List[str], NotGiven] = NOT_GIVEN, status: Union[WebhookStatus, NotGiven] = NOT_GIVEN) -> Webhook:
        """Changes only the fields given; ``status="active"`` turns a disabled webhook on again."""
        return cast(Webhook, self._data(_update(webhook_id, url, events, status)))

    def delete(self, webhook_id: str) -> None:
        """Deletes the webhook; nothing more is delivered to it."""
        self._none(Call("DELETE", path("/webhooks/{}", webhook_id)))

    def rotate_secret(self, webhook_id: str) -> WebhookWithSecret:
        """A new signing secret, shown once; the old one stops at once."""
        return cast(WebhookWithSecret, self._data(Call("POST", path("/webhooks/{}/rotate-secret", webhook_id))))

    def test(self, webhook_id: str) -> WebhookDelivery:
        """Queues a ``ping`` delivery to the webhook's URL."""
        return cast(WebhookDelivery, self._data(Call("POST", path("/webhooks/{}/test", webhook_id))))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncDeliveries(AsyncResource["AsyncDeliveriesWithRawResponse"]):
    def list(self, webhook_id: str, *, status: Optional[DeliveryStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[WebhookDelivery]:
        """A page of the webhook's deliveries, newest first, each with every attempt; iterate it for every one."""
        return self._pager(_deliveries(webhook_id, status, page, per_page))

    async def get(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        """One delivery with every attempt (status code, duration, error)."""
        return cast(WebhookDelivery, await self._data(Call("GET", path("/webhooks/{}/deliveries/{}", webhook_id, delivery_id))))

    async def redeliver(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        """Sends the delivery's event again, as a new delivery."""
        return cast(WebhookDelivery, await self._data(Call("POST", path("/webhooks/{}/deliveries/{}/redeliver", webhook_id, delivery_id))))


class DeliveriesWithRawResponse(SyncRawResource):
    """The methods of :class:`Deliveries`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Deliveries

    def list(self, webhook_id: str, *, status: Optional[DeliveryStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[WebhookDelivery]]:
        """A page of the webhook's deliveries, newest first, each with every attempt; iterate it for every one."""
        return self._call(lambda: self._resource.list(webhook_id=webhook_id, status=status, page=page, per_page=per_page))

    def get(self, webhook_id: str, delivery_id: str) -> RawResponse[WebhookDelivery]:
        """One delivery with every attempt (status code, duration, error)."""
        return self._call(lambda: self._resource.get(webhook_id=webhook_id, delivery_id=delivery_id))

    def redeliver(self, webhook_id: str, delivery_id: str) -> RawResponse[WebhookDelivery]:
        """Sends the delivery's event again, as a new delivery."""
        return self._call(lambda: self._resource.redeliver(webhook_id=webhook_id, delivery_id=delivery_id))


class AsyncDeliveriesWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncDeliveries`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncDeliveries

    async def list(self, webhook_id: str, *, status: Optional[DeliveryStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[WebhookDelivery]]:
        """A page of the webhook's deliveries, newest first, each with every attempt; iterate it for every one."""
        return await self._call(lambda: self._resource.list(webhook_id=webhook_id, status=status, page=page, per_page=per_page))

    async def get(self, webhook_id: str, delivery_id: str) -> RawResponse[WebhookDelivery]:
        """One delivery with every attempt (status code, duration, error)."""
        return await self._call(lambda: self._resource.get(webhook_id=webhook_id, delivery_id=delivery_id))

    async def redeliver(self, webhook_id: str, delivery_id: str) -> RawResponse[WebhookDelivery]:
        """Sends the delivery's event again, as a new delivery."""
        return await self._call(lambda: self._resource.redeliver(webhook_id=webhook_id, delivery_id=delivery_id))


class AsyncWebhooks(_Signatures, AsyncResource["AsyncWebhooksWithRawResponse"]):
    @property
    def deliveries(self) -> AsyncDeliveries:
        """The webhook's deliveries."""
        return AsyncDeliveries(self._client)

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Webhook]:
        """A page of the organization's webhooks; iterate it for every one."""
        return self._pager(_list(page, per_page))

    async def create(self, url: str, events: List[str]) -> WebhookWithSecret:
        """A new subscription; ``secret`` in the answer signs its deliveries (shown here and on rotation only)."""
        return cast(WebhookWithSecret, await self._data(_create(url, events)))

    async def get(self, webhook_id: str) -> Webhook:
        """One webhook (without its secret)."""
        return cast(Webhook, await self._data(Call("GET", path("/webhooks/{}", webhook_id))))

    async def update(self, webhook_id: str, *, url: Union[str, NotGiven] = NOT_GIVEN, events: Union[List[str], NotGiven] = NOT_GIVEN, status: Union[WebhookStatus, NotGiven] = NOT_GIVEN) -> Webhook:
        """Changes only the fields given; ``status="active"`` turns a disabled webhook on again."""
        return cast(Webhook, await self._data(_update(webhook_id, url, events, status)))

    async def delete(self, webhook_id: str) -> None:
        """Deletes the webhook; nothing more is delivered to it."""
        await self._none(Call("DELETE", path("/webhooks/{}", webhook_id)))

    async def rotate_secret(self, webhook_id: str) -> WebhookWithSecret:
        """A new signing secret, shown once; the old one stops at once."""
        return cast(WebhookWithSecret, await self._data(Call("POST", path("/webhooks/{}/rotate-secret", webhook_id))))

    async def test(self, webhook_id: str) -> WebhookDelivery:
        """Queues a ``ping`` delivery to the webhook's URL."""
        return cast(WebhookDelivery, await self._data(Call("POST", path("/webhooks/{}/test", webhook_id))))


class WebhooksWithRawResponse(SyncRawResource):
    """The methods of :class:`Webhooks`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Webhooks

    @property
    def deliveries(self) -> DeliveriesWithRawResponse:
        """The webhook's deliveries."""
        return self._resource.deliveries.with_raw_response

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[Webhook]]:
        """A page of the organization's webhooks; iterate it for every one."""
        return self._call(lambda: self._resource.list(page=page, per_page=per_page))

    def create(self, url: str, events: List[str]) -> RawResponse[WebhookWithSecret]:
        """A new subscription; ``secret`` in the answer signs its deliveries (shown here and on rotation only)."""
        return self._call(lambda: self._resource.create(url=url, events=events))

    def get(self, webhook_id: str) -> RawResponse[Webhook]:
        """One webhook (without its secret)."""
        return self._call(lambda: self._resource.get(webhook_id=webhook_id))

    def update(self, webhook_id: str, *, url: Union[str, NotGiven] = NOT_GIVEN, events: Union[List[str], NotGiven] = NOT_GIVEN, status: Union[WebhookStatus, NotGiven] = NOT_GIVEN) -> RawResponse[Webhook]:
        """Changes only the fields given; ``status="active"`` turns a disabled webhook on again."""
        return self._call(lambda: self._resource.update(webhook_id=webhook_id, url=url, events=events, status=status))

    def delete(self, webhook_id: str) -> RawResponse[None]:
        """Deletes the webhook; nothing more is delivered to it."""
        return self._call(lambda: self._resource.delete(webhook_id=webhook_id))

    def rotate_secret(self, webhook_id: str) -> RawResponse[WebhookWithSecret]:
        """A new signing secret, shown once; the old one stops at once."""
        return self._call(lambda: self._resource.rotate_secret(webhook_id=webhook_id))

    def test(self, webhook_id: str) -> RawResponse[WebhookDelivery]:
        """Queues a ``ping`` delivery to the webhook's URL."""
        return self._call(lambda: self._resource.test(webhook_id=webhook_id))


class AsyncWebhooksWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncWebhooks`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncWebhooks

    @property
    def deliveries(self) -> AsyncDeliveriesWithRawResponse:
        """The webhook's deliveries."""
        return self._resource.deliveries.with_raw_response

    async def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[Webhook]]:
        """A page of the organization's webhooks; iterate it for every one."""
        return await self._call(lambda: self._resource.list(page=page, per_page=per_page))

    async def create(self, url: str, events: List[str]) -> RawResponse[WebhookWithSecret]:
        """A new subscription; ``secret`` in the answer signs its deliveries (shown here and on rotation only)."""
        return await self._call(lambda: self._resource.create(url=url, events=events))

    async def get(self, webhook_id: str) -> RawResponse[Webhook]:
        """One webhook (without its secret)."""
        return await self._call(lambda: self._resource.get(webhook_id=webhook_id))

    async def update(self, webhook_id: str, *, url: Union[str, NotGiven] = NOT_GIVEN, events: Union[List[str], NotGiven] = NOT_GIVEN, status: Union[WebhookStatus, NotGiven] = NOT_GIVEN) -> RawResponse[Webhook]:
        """Changes only the fields given; ``status="active"`` turns a disabled webhook on again."""
        return await self._call(lambda: self._resource.update(webhook_id=webhook_id, url=url, events=events, status=status))

    async def delete(self, webhook_id: str) -> RawResponse[None]:
        """Deletes the webhook; nothing more is delivered to it."""
        return await self._call(lambda: self._resource.delete(webhook_id=webhook_id))

    async def rotate_secret(self, webhook_id: str) -> RawResponse[WebhookWithSecret]:
        """A new signing secret, shown once; the old one stops at once."""
        return await self._call(lambda: self._resource.rotate_secret(webhook_id=webhook_id))

    async def test(self, webhook_id: str) -> RawResponse[WebhookDelivery]:
        """Queues a ``ping`` delivery to the webhook's URL."""
        return await self._call(lambda: self._resource.test(webhook_id=webhook_id))


Deliveries._raw_class = DeliveriesWithRawResponse
AsyncDeliveries._raw_class = AsyncDeliveriesWithRawResponse
Webhooks._raw_class = WebhooksWithRawResponse
AsyncWebhooks._raw_class = AsyncWebhooksWithRawResponse
