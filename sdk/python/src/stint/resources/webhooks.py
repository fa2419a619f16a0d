"""Webhooks (``/webhooks``), their deliveries, and checking the signature of a delivery."""

from __future__ import annotations

from typing import Dict, List, Literal, Mapping, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPager, SyncPage
from ..types import Webhook, WebhookDelivery, WebhookEvent, WebhookWithSecret
from .. import webhook_signatures
from ..webhook_signatures import DEFAULT_TOLERANCE_SECONDS, RawBody
from ._resource import AsyncResource, SyncResource

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


class Deliveries(SyncResource):
    def list(self, webhook_id: str, *, status: Optional[DeliveryStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[WebhookDelivery]:
        return self._page(_deliveries(webhook_id, status, page, per_page))

    def get(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        return cast(WebhookDelivery, self._data(Call("GET", path("/webhooks/{}/deliveries/{}", webhook_id, delivery_id))))

    def redeliver(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        """Sends the delivery's event again, as a new delivery."""
        return cast(WebhookDelivery, self._data(Call("POST", path("/webhooks/{}/deliveries/{}/redeliver", webhook_id, delivery_id))))


class AsyncDeliveries(AsyncResource):
    def list(self, webhook_id: str, *, status: Optional[DeliveryStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[WebhookDelivery]:
        return self._pager(_deliveries(webhook_id, status, page, per_page))

    async def get(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        return cast(WebhookDelivery, await self._data(Call("GET", path("/webhooks/{}/deliveries/{}", webhook_id, delivery_id))))

    async def redeliver(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        return cast(WebhookDelivery, await self._data(Call("POST", path("/webhooks/{}/deliveries/{}/redeliver", webhook_id, delivery_id))))


class Webhooks(_Signatures, SyncResource):
    @property
    def deliveries(self) -> Deliveries:
        return Deliveries(self._client)

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Webhook]:
        return self._page(_list(page, per_page))

    def create(self, url: str, events: List[str]) -> WebhookWithSecret:
        """A new subscription; ``secret`` in the answer signs its deliveries (shown here and on rotation only)."""
        return cast(WebhookWithSecret, self._data(_create(url, events)))

    def get(self, webhook_id: str) -> Webhook:
        return cast(Webhook, self._data(Call("GET", path("/webhooks/{}", webhook_id))))

    def update(self, webhook_id: str, *, url: Union[str, NotGiven] = NOT_GIVEN, events: Union[List[str], NotGiven] = NOT_GIVEN, status: Union[WebhookStatus, NotGiven] = NOT_GIVEN) -> Webhook:
        return cast(Webhook, self._data(_update(webhook_id, url, events, status)))

    def delete(self, webhook_id: str) -> None:
        self._none(Call("DELETE", path("/webhooks/{}", webhook_id)))

    def rotate_secret(self, webhook_id: str) -> WebhookWithSecret:
        return cast(WebhookWithSecret, self._data(Call("POST", path("/webhooks/{}/rotate-secret", webhook_id))))

    def test(self, webhook_id: str) -> WebhookDelivery:
        """Queues a ``ping`` delivery to the webhook's URL."""
        return cast(WebhookDelivery, self._data(Call("POST", path("/webhooks/{}/test", webhook_id))))


class AsyncWebhooks(_Signatures, AsyncResource):
    @property
    def deliveries(self) -> AsyncDeliveries:
        return AsyncDeliveries(self._client)

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Webhook]:
        return self._pager(_list(page, per_page))

    async def create(self, url: str, events: List[str]) -> WebhookWithSecret:
        return cast(WebhookWithSecret, await self._data(_create(url, events)))

    async def get(self, webhook_id: str) -> Webhook:
        return cast(Webhook, await self._data(Call("GET", path("/webhooks/{}", webhook_id))))

    async def update(self, webhook_id: str, *, url: Union[str, NotGiven] = NOT_GIVEN, events: Union[List[str], NotGiven] = NOT_GIVEN, status: Union[WebhookStatus, NotGiven] = NOT_GIVEN) -> Webhook:
        return cast(Webhook, await self._data(_update(webhook_id, url, events, status)))

    async def delete(self, webhook_id: str) -> None:
        await self._none(Call("DELETE", path("/webhooks/{}", webhook_id)))

    async def rotate_secret(self, webhook_id: str) -> WebhookWithSecret:
        return cast(WebhookWithSecret, await self._data(Call("POST", path("/webhooks/{}/rotate-secret", webhook_id))))

    async def test(self, webhook_id: str) -> WebhookDelivery:
        return cast(WebhookDelivery, await self._data(Call("POST", path("/webhooks/{}/test", webhook_id))))
