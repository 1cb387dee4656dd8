from django.urls import path

from cards.views import CardList

urlpatterns = [
    path('api/cards/', CardList.as_view()),
]
