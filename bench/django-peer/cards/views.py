from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny

from .models import Card
from .serializers import CardSerializer


class CardList(ListAPIView):
    """`GET /api/cards/?page=n`: active cards, newest first, 8 to a page (count, next, previous, results)."""

    queryset = Card.objects.filter(active=True).order_by('-created_at', '-id')
    serializer_class = CardSerializer
    permission_classes = [AllowAny]
